"""Hover text: what a JAX call is, and which known errors this call site can raise.

A hover on a finding's range shows that finding's full record; a hover on a name that resolves
to a JAX API shows the qualified name, our note, and the records that list the API (curated
records, with their fix; the index's records list no API, so the server answers hovers without
loading them).  Names that resolve to nothing (method calls, other modules) get no hover rather
than a guess.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from jaxlsp.analysis import apis
from jaxlsp.analysis.model import Name
from jaxlsp.analysis.module import (
    ApiV,
    CustomV,
    DiffV,
    JitV,
    KernelV,
    MethodV,
    ModuleFacts,
    ShardMapV,
    Value,
)
from jaxlsp.findings import Finding, HoverInfo, Position, Span
from jaxlsp.records.load import RecordSet
from jaxlsp.records.render import render_markdown

#: What the call-graph search follows, said where its answer matters instead of guessing.
SCOPE_NOTE = (
    "jaxlsp follows calls to functions of this module (also through lambdas, nested defs, "
    "decorators and functools.partial); method calls and other modules are not followed."
)

#: At most this many known errors are listed under a call (the rest are summarised).
MAX_RECORDS = 5


def hover_at(
    facts: ModuleFacts | None,
    findings: Sequence[Finding],
    records: RecordSet,
    position: Position,
) -> HoverInfo | None:
    if facts is None:
        located = None
    else:
        with facts.lock:
            located = _name_at(facts, position)
    qualified = _qualified(located[1]) if located is not None else None
    for finding in findings:
        if finding.span.contains(position):
            record = records.get(finding.record_id)
            body = render_markdown(record, full=True) if record else finding.message
            first = finding.message.split("\n\n", 1)[0]
            title = f"**`{qualified}`**: " if qualified else ""
            markdown = f"{title}**jaxlsp: `{finding.code}`**\n\n{first}\n\n---\n\n{body}"
            return HoverInfo(finding.span, markdown, qualified, (finding.record_id,))
    if located is None or qualified is None:
        return None
    span, _, note_prefix = located
    here = [f for f in findings if any(r.span == span for r in f.related)]
    # Each record once, though two findings here may share one.
    by_id = {r.id: r for f in here if (r := records.get(f.record_id)) is not None}
    found_here = list(by_id.values())
    listed = [item for item in records.loaded_for_api(qualified) if item.id not in by_id]
    known_ids = (*by_id, *(item.id for item in listed))
    # Only the records shown are built as models (an API can list hundreds of index sites).
    shown = [
        *found_here,
        *(item.record for item in listed[: max(MAX_RECORDS - len(found_here), 0)]),
    ]
    parts = [f"**`{qualified}`**{note_prefix}"]
    if note := apis.NOTES.get(qualified):
        parts.append(note)
    if qualified == apis.SHARD_MAP or qualified in apis.DIFFERENTIATION:
        parts.append(f"_{SCOPE_NOTE}_")
    for finding in here:
        parts.append(f"⚠ **Found here:** {finding.message.split(chr(10) * 2, 1)[0]}")
    if known_ids:
        parts.append("---\n\n**Known errors at this call**")
        for record in shown[:MAX_RECORDS]:
            parts.append(f"**{record.slug}**\n\n{render_markdown(record, full=True)}")
        if len(known_ids) > MAX_RECORDS:
            parts.append(f"…and {len(known_ids) - MAX_RECORDS} more (`jaxlsp records list`).")
    return HoverInfo(span, "\n\n".join(parts), qualified, known_ids)


def _name_at(facts: ModuleFacts, position: Position) -> tuple[Span, Value, str] | None:
    """The innermost dotted name under ``position`` and its value."""
    # Chunks are sorted by line and do not overlap: the only candidate is the last one that
    # starts at or before the line.
    index = bisect.bisect_right(facts.chunks, position.line, key=lambda c: c.start) - 1
    if index >= 0 and position.line <= (chunk := facts.chunks[index]).end:
        relative = Position(position.line - chunk.start, position.column)
        best: tuple[str, Name] | None = None
        for scope, name in chunk.summary.names:
            if name.span.contains(relative) and (
                best is None or best[1].span.start <= name.span.start
            ):
                best = (scope, name)
        if best is None:
            return None
        scope = f"{index}/{best[0]}" if best[0] else ""
        value = facts.evaluate(best[1], scope, index)
        note = ""
        if not isinstance(value, ApiV | MethodV):
            note = " (made here)" if _made_at(value, facts.absolute(best[1].span, index)) else ""
        return facts.absolute(best[1].span, index), value, note
    return None


def _made_at(value: Value, span: Span) -> bool:
    site = getattr(value, "head", None) or getattr(value, "site", None)
    return bool(site == span)


def _qualified(value: Value) -> str | None:
    if isinstance(value, ApiV):
        return value.qualified if value.qualified.split(".")[0] == "jax" else None
    if isinstance(value, MethodV) and isinstance(value.owner, CustomV):
        return f"{value.owner.qualified}.{value.name}"
    if isinstance(value, CustomV):
        return value.qualified
    if isinstance(value, ShardMapV):
        return apis.SHARD_MAP
    if isinstance(value, KernelV):
        return value.maker
    if isinstance(value, DiffV):
        return value.qualified
    if isinstance(value, JitV):
        return apis.JIT
    return None
