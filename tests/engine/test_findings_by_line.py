"""``FindingsByLine`` (what a hover reads) answers what a scan of every finding answers: the
findings containing a position, and those on a call or pointing at it, in their order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from jaxlsp.findings import Finding, Position, RelatedLocation, Span
from jaxlsp.hover import FindingsByLine

_POSITIONS = st.builds(Position, st.integers(0, 12), st.integers(0, 12))


@st.composite
def _spans(draw: st.DrawFn) -> Span:
    start = draw(_POSITIONS)
    height = draw(st.integers(0, 4))
    end_column = draw(st.integers(0, 12))
    if height == 0:
        end_column = max(end_column, start.column)
    return Span(start, Position(start.line + height, end_column))


@st.composite
def _findings(draw: st.DrawFn) -> Finding:
    related = draw(
        st.lists(
            st.builds(
                RelatedLocation, _spans(), st.just("there"), st.sampled_from([None, "other.py"])
            ),
            max_size=3,
        )
    )
    return Finding(
        code=draw(st.sampled_from(["a", "b", "c"])),
        record_id="r",
        rule="rule",
        message="m",
        span=draw(_spans()),
        related=tuple(related),
        path=draw(st.sampled_from([None, None, "other.py"])),
    )


def _scan_at_call(findings: list[Finding], span: Span) -> list[Finding]:
    found = [
        f
        for f in findings
        if f.path is None
        and (
            span.contains(f.span.start)
            or f.span.contains(span.start)
            or any(r.path is None and r.span.contains(span.start) for r in f.related)
        )
    ]
    return list({(f.code, f.span): f for f in found}.values())


@given(st.lists(_findings(), max_size=25), _POSITIONS)
def test_the_findings_containing_a_position_are_those_a_scan_finds(
    findings: list[Finding], position: Position
) -> None:
    expected = [f for f in findings if f.span.contains(position)]
    assert FindingsByLine(findings).containing(position) == expected


@given(st.lists(_findings(), max_size=25), _spans())
def test_the_findings_at_a_call_are_those_a_scan_finds(findings: list[Finding], call: Span) -> None:
    assert FindingsByLine(findings).at_call(call) == _scan_at_call(findings, call)


def test_a_finding_over_many_lines_is_found_from_its_last_line() -> None:
    tall = Finding("a", "r", "rule", "m", Span.of(2, 0, 40, 3))
    short = Finding("b", "r", "rule", "m", Span.of(39, 0, 39, 9))
    index = FindingsByLine([tall, short])
    assert index.containing(Position(40, 1)) == [tall]
    assert index.containing(Position(39, 4)) == [tall, short]
    assert index.at_call(Span.of(40, 0, 40, 2)) == [tall]
