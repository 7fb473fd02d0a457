"""Hover text, read in a second: what a JAX call is, and the known errors *this* call raises.

A hover on a name the analysis resolved to a JAX API (or to a value one made: a jitted
function, a custom_vjp function, a mesh kernel) shows the qualified name and signature, the
API's one-line description, then one line per known error that can arise from this call as
written: the rules' findings at it (on the call, or pointing at it), judged by what the
interpreter proved, not the errors the API's name is listed under.  A hover on a finding's range
shows its record once: why here, the first fix, and where the rest is (the diagnostic carries
the explanation; ``jaxlsp records show CODE`` and the link carry everything).  Names that
resolve to nothing get no hover rather than a guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from jaxlsp import apis
from jaxlsp.findings import Finding, HoverInfo, Position, Span, SpanIndex
from jaxlsp.infer.program import Program
from jaxlsp.infer.values import (
    Api,
    ApiMethod,
    CustomDerivative,
    Kernel,
    ShardMapped,
    Site,
    Transformed,
    Value,
)
from jaxlsp.records.load import RecordSet
from jaxlsp.records.record import Record
from jaxlsp.records.render import location, source_link
from jaxlsp.shapehints import shape_at

#: At most this many known errors are listed under a call (the rest are counted).
MAX_ERRORS = 4
#: A listed error's line is cut to this many characters.
MAX_LINE = 220
#: A signature made from the parameters' names is cut to this many characters (a written one,
#: with its defaults, is shown whole).
MAX_SIGNATURE = 110


class FindingsByLine:
    """A file's findings kept by the line each span (and each related location in the file)
    starts on, so a hover looks at the few that can reach its line: a large file has hundreds
    of findings, and asking each of them made a hover's time grow with the file."""

    def __init__(self, findings: Sequence[Finding]) -> None:
        self.findings = tuple(findings)
        self._spans = SpanIndex((f.span, order) for order, f in enumerate(self.findings))
        self._related = SpanIndex(
            (r.span, order)
            for order, f in enumerate(self.findings)
            for r in f.related
            if r.path is None
        )

    def containing(self, position: Position) -> list[Finding]:
        """The findings whose span contains ``position``, in their order."""
        near = sorted(order for _, order in self._spans.near(position.line, position.line))
        return [self.findings[i] for i in near if self.findings[i].span.contains(position)]

    def at_call(self, span: Span) -> list[Finding]:
        """The findings in this file on the call at ``span`` (starting in it, or containing
        its start) or with a related location containing its start, in their order."""
        start = span.start
        on_it = self._spans.near(start.line, span.end.line)
        related = self._related.near(start.line, start.line)
        found = []
        for order in sorted({order for _, order in (*on_it, *related)}):
            finding = self.findings[order]
            if finding.path is not None:
                continue
            if (
                span.contains(finding.span.start)
                or finding.span.contains(start)
                or any(r.path is None and r.span.contains(start) for r in finding.related)
            ):
                found.append(finding)
        return list({(f.code, f.span): f for f in found}.values())


def hover_at(
    program: Program | None,
    findings: FindingsByLine,
    records: RecordSet,
    position: Position,
) -> HoverInfo | None:
    located = _name_at(program, position) if program is not None else None
    qualified = qualified_name(located[1]) if located is not None else None
    shape = shape_at(program, position) if program is not None else None
    shape_line = f"{_expression(program, shape[0])}: {shape[1]}\n\n" if shape else ""
    for finding in findings.containing(position):
        record = records.get(finding.record_id)
        return _finding_hover(finding, record, qualified, shape_line)
    if (located is None or qualified is None) and shape is not None:
        return HoverInfo(shape[0], shape_line.rstrip())
    if located is None or qualified is None:
        return None
    span, value = located
    made_here = not isinstance(value, Api | ApiMethod)
    made_here = made_here and program is not None and _made_at(program, value, span)
    here = findings.at_call(span)
    parts = [_title(qualified, made_here)]
    if note := apis.note_for(qualified):
        parts.append(note)
    if here:
        lines = [f"- {_one_line(finding)}" for finding in here[:MAX_ERRORS]]
        if len(here) > MAX_ERRORS:
            lines.append(f"- …and {len(here) - MAX_ERRORS} more (the diagnostics)")
        parts.append("**Known errors at this call:**\n" + "\n".join(lines))
        codes = dict.fromkeys(finding.code for finding in here)
        parts.append(f"Details: the diagnostic, or `jaxlsp records show {next(iter(codes))}`.")
    ids = tuple(dict.fromkeys(finding.record_id for finding in here))
    return HoverInfo(span, "\n\n".join(parts), qualified, ids)


def _title(qualified: str, made_here: bool) -> str:
    title = f"**`{qualified}`**"
    spec = apis.SPECS.get(qualified)
    if spec is not None and (signature := spec.signature) != "()":
        if len(signature) > MAX_SIGNATURE and not spec.written_signature:
            signature = signature[: MAX_SIGNATURE - 2] + "…)"
        title += f"`{signature}`"
    return title + (" (made here)" if made_here else "")


def _one_line(finding: Finding) -> str:
    """``code``: the finding's first sentence, cut to a line."""
    first = finding.message.split("\n\n", 1)[0]
    end = first.find(". ")
    sentence = first if end == -1 else first[: end + 1]
    if len(sentence) > MAX_LINE:
        sentence = sentence[: MAX_LINE - 1] + "…"
    return f"`{finding.code}` ({finding.severity}): {sentence}"


def _finding_hover(
    finding: Finding, record: Record | None, qualified: str | None, shape_line: str
) -> HoverInfo:
    """The hovered array's shape, if known, then the record once: why here, the first fix, and
    where the rest is."""
    on = f" on `{qualified}`" if qualified else ""
    parts = [f"**jaxlsp: `{finding.code}`**{on}", finding.message.split("\n\n", 1)[0]]
    if shape_line:
        parts.insert(0, shape_line.rstrip())
    if record is not None and record.solutions:
        more = len(record.solutions) - 1
        others = f" ({more} more: `jaxlsp records show {finding.code}`)" if more else ""
        parts.append(f"**Fix:** {record.solutions[0]}{others}")
    if record is not None and (link := source_link(record)) and link.startswith("https://"):
        parts.append(f"[{location(record) or 'raised here in JAX'}]({link})")
    return HoverInfo(finding.span, "\n\n".join(parts), qualified, (finding.record_id,))


def _expression(program: Program | None, span: Span) -> str:
    """The hovered expression as written, for the shape line (``**`x.T`**``)."""
    if program is None or span.start.line != span.end.line:
        return "**array**"
    lines = program.module.parsed.lines
    line = lines[span.start.line] if span.start.line < len(lines) else ""
    text = line[span.start.column : span.end.column]
    return f"**`{text}`**" if text else "**array**"


def _name_at(program: Program, position: Position) -> tuple[Span, Value] | None:
    """The innermost name or attribute under ``position`` whose value the analysis knew."""
    return program.named_spans().innermost(position)


def _made_at(program: Program, value: Value, span: Span) -> bool:
    site = getattr(value, "site", None)
    return isinstance(site, Site) and program.is_here(site) and program.span(site) == span


def qualified_name(value: Value) -> str | None:
    if isinstance(value, Api):
        return value.qualified if value.qualified.split(".")[0] == "jax" else None
    if (
        isinstance(value, ApiMethod)
        and value.owner
        and isinstance(value.owner[0], CustomDerivative)
    ):
        return f"{value.owner[0].api}.{value.name}"
    if isinstance(value, CustomDerivative):
        return value.api
    if isinstance(value, ShardMapped):
        return "jax.shard_map"
    if isinstance(value, Kernel):
        return value.maker
    if isinstance(value, Transformed):
        return value.transform
    return None
