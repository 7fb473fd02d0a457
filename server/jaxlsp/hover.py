"""Hover text: what a JAX call is, and which known errors this call site can raise.

A hover on a finding's range shows that finding's full record; a hover on a name the analysis
resolved to a JAX API (or to a value one made: a jitted function, a custom_vjp function, a
mesh kernel) shows the qualified name, our note, and the records that list the API (curated
records, with their fix).  Names that resolve to nothing get no hover rather than a guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from jaxlsp import apis
from jaxlsp.findings import Finding, HoverInfo, Position, Span
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
from jaxlsp.records.render import render_markdown
from jaxlsp.shapehints import shape_at

#: At most this many known errors are listed under a call (the rest are summarised).
MAX_RECORDS = 5


def hover_at(
    program: Program | None,
    findings: Sequence[Finding],
    records: RecordSet,
    position: Position,
) -> HoverInfo | None:
    located = _name_at(program, position) if program is not None else None
    qualified = qualified_name(located[1]) if located is not None else None
    shape = shape_at(program, position) if program is not None else None
    shape_line = f"{_expression(program, shape[0])}: {shape[1]}\n\n" if shape else ""
    for finding in findings:
        if finding.span.contains(position):
            record = records.get(finding.record_id)
            body = render_markdown(record, full=True) if record else finding.message
            first = finding.message.split("\n\n", 1)[0]
            title = f"**`{qualified}`**: " if qualified else ""
            markdown = (
                f"{shape_line}{title}**jaxlsp: `{finding.code}`**\n\n{first}\n\n---\n\n{body}"
            )
            return HoverInfo(finding.span, markdown, qualified, (finding.record_id,))
    if (located is None or qualified is None) and shape is not None:
        return HoverInfo(shape[0], shape_line.rstrip())
    if located is None or qualified is None:
        return None
    span, value = located
    made_here = not isinstance(value, Api | ApiMethod)
    here = [
        f
        for f in findings
        if any(r.path is None and r.span.contains(span.start) for r in f.related)
    ]
    by_id = {r.id: r for f in here if (r := records.get(f.record_id)) is not None}
    found_here = list(by_id.values())
    listed = [item for item in records.loaded_for_api(qualified) if item.id not in by_id]
    known_ids = (*by_id, *(item.id for item in listed))
    shown = [
        *found_here,
        *(item.record for item in listed[: max(MAX_RECORDS - len(found_here), 0)]),
    ]
    made_here = made_here and program is not None and _made_at(program, value, span)
    parts = [f"**`{qualified}`**{' (made here)' if made_here else ''}"]
    if note := apis.note_for(qualified):
        parts.append(note)
    for finding in here:
        parts.append(f"⚠ **Found here:** {finding.message.split(chr(10) * 2, 1)[0]}")
    if known_ids:
        parts.append("---\n\n**Known errors at this call**")
        for record in shown[:MAX_RECORDS]:
            parts.append(f"**{record.slug}**\n\n{render_markdown(record, full=True)}")
        if len(known_ids) > MAX_RECORDS:
            parts.append(f"…and {len(known_ids) - MAX_RECORDS} more (`jaxlsp records list`).")
    return HoverInfo(span, "\n\n".join(parts), qualified, known_ids)


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
    best: tuple[Span, Value] | None = None
    for span, value in program.named_spans():
        if span.contains(position) and (best is None or best[0].start <= span.start):
            best = (span, value)
    return best


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
