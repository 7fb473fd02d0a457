"""``SpanIndex.innermost`` answers what a scan of every span answers (hovers use it), and so
does ``PlaceIndex``, which makes the spans of its places only near the position asked."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from jaxlsp.findings import PlaceIndex, Position, Span, SpanIndex


def _scan(items: list[tuple[Span, int]], position: Position) -> tuple[Span, int] | None:
    best: tuple[Span, int] | None = None
    for span, value in items:
        if span.contains(position) and (best is None or best[0].start <= span.start):
            best = (span, value)
    return best


_POSITIONS = st.builds(Position, st.integers(0, 12), st.integers(0, 12))


@st.composite
def _spans(draw: st.DrawFn) -> Span:
    start = draw(_POSITIONS)
    height = draw(st.integers(0, 3))
    end_column = draw(st.integers(0, 12))
    if height == 0:
        end_column = max(end_column, start.column)
    return Span(start, Position(start.line + height, end_column))


@given(st.lists(_spans(), max_size=30), _POSITIONS)
def test_the_innermost_span_is_the_one_a_scan_finds(spans: list[Span], position: Position) -> None:
    items = sorted((span, index) for index, span in enumerate(spans))
    assert SpanIndex(items).innermost(position) == _scan(items, position)


def test_a_span_over_several_lines_is_found_from_its_last_line() -> None:
    call = Span.of(3, 4, 6, 1)
    name = Span.of(3, 4, 3, 9)
    index = SpanIndex([(call, "call"), (name, "name")])
    assert index.innermost(Position(5, 0)) == (call, "call")
    assert index.innermost(Position(3, 6)) == (name, "name")
    assert index.innermost(Position(7, 0)) is None
    assert list(index) == [(call, "call"), (name, "name")]


def _lines(span: Span) -> tuple[int, int]:
    return span.start.line, span.end.line


def _itself(span: Span) -> Span:
    return span


@given(st.lists(_spans(), max_size=30), _POSITIONS)
def test_a_place_index_finds_what_a_span_index_finds(spans: list[Span], position: Position) -> None:
    """The places in any order (a module's names come in the order they were read), each
    place's span made from it: the same innermost span, and the same spans in span order."""
    items = [(span, index) for index, span in enumerate(spans)]
    places = PlaceIndex(items, _lines, _itself)
    ordered = sorted(items, key=lambda item: item[0])
    assert places.innermost(position) == SpanIndex(ordered).innermost(position)
    assert list(places) == ordered
