"""Hover text: what a JAX call is, and which known errors this call site can raise.

A hover on a finding's range shows that finding's full record; a hover on a name that resolves
to a JAX API shows the qualified name, our note, and the records that list the API (curated
records with their fix, index records with their site).  Names that resolve to nothing (method
calls, other modules) get no hover rather than a guess.
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
from jaxlsp.records.load import LoadedRecord, RecordSet
from jaxlsp.records.model import ErrorRecord
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
    found_here = [r for f in here if (r := records.get(f.record_id)) is not None]
    known = found_here + [r for r in _records_for(records, qualified) if r not in found_here]
    parts = [f"**`{qualified}`**{note_prefix}"]
    if note := apis.NOTES.get(qualified):
        parts.append(note)
    if qualified == apis.SHARD_MAP or qualified in apis.DIFFERENTIATION:
        parts.append(f"_{SCOPE_NOTE}_")
    for finding in here:
        parts.append(f"⚠ **Found here:** {finding.message.split(chr(10) * 2, 1)[0]}")
    if known:
        parts.append("---\n\n**Known errors at this call**")
        for record in known[:MAX_RECORDS]:
            parts.append(f"**{record.slug}**\n\n{render_markdown(record, full=True)}")
        if len(known) > MAX_RECORDS:
            parts.append(f"…and {len(known) - MAX_RECORDS} more (`jaxlsp records list`).")
    return HoverInfo(span, "\n\n".join(parts), qualified, tuple(r.id for r in known))


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


def _records_for(records: RecordSet, qualified: str) -> list[ErrorRecord]:
    """Curated records (with explanations) first, then index records, listing the API."""
    return list(_by_api(records).get(qualified, ()))


#: The last RecordSet's lookup, with the ``loaded`` list and length it was built from (adding or
#: removing a record changes one of them, so a stale lookup is never used).
_BY_API: tuple[RecordSet, list[LoadedRecord], int, dict[str, list[ErrorRecord]]] | None = None


def _by_api(records: RecordSet) -> dict[str, list[ErrorRecord]]:
    """Qualified API name → the records listing it, curated first, then in load order."""
    global _BY_API
    cached = _BY_API
    loaded = records.loaded
    if (
        cached is not None
        and cached[0] is records
        and cached[1] is loaded
        and cached[2] == len(loaded)
    ):
        return cached[3]
    lookup: dict[str, list[ErrorRecord]] = {}
    ordered = sorted(records.records, key=lambda r: not r.has_explanation)
    for record in ordered:
        for api in dict.fromkeys(record.apis):
            lookup.setdefault(api, []).append(record)
    _BY_API = (records, loaded, len(loaded), lookup)
    return lookup
