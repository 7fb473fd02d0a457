"""Join curated records (explanations) to index records (exact raise sites of one JAX version).

A curated record names its error by message and, often, by file; its line number is the one
it was written against.  The index of the user's JAX knows where that message is raised now.
``sites_for`` finds the index records whose template produces the curated message, so a hover
can say "raised at jax/_src/shard_map.py:1510 in your jax 0.12.0.1" and show that line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from jaxlsp.index.build import FUNCTION_TAG_PREFIX, INDEX_TAG
from jaxlsp.records import safe_regex
from jaxlsp.records.match import required_literal
from jaxlsp.records.record import Record


def is_index_record(record: Record) -> bool:
    return INDEX_TAG in record.tags


def enclosing_function(record: Record) -> str | None:
    """The dotted name of the function around an index record's raise, if known."""
    for tag in record.tags:
        if tag.startswith(FUNCTION_TAG_PREFIX):
            return tag[len(FUNCTION_TAG_PREFIX) :]
    return None


def sites_for(
    curated: Record, index: Iterable[Record], *, message: str | None = None
) -> list[Record]:
    """Index records for the raise site(s) of ``curated``'s error, best first.

    An index record qualifies when its pattern matches one of the curated messages (the main
    one or a variant; only ``message`` when given and known, e.g. the one the matcher matched,
    since variants may be raised elsewhere).  Ranked by: the record's own message before its
    variants, then same file as that message, the very line it gives, same class, more of the
    message explained by literal text, nearest line.
    """
    messages = _known_messages(curated)
    if message is not None and any(known[0] == message for known in messages):
        messages = [known for known in messages if known[0] == message]
    scored: list[tuple[tuple[int, int, int, int, int, int, str], Record]] = []
    for candidate in index:
        if candidate.id == curated.id or candidate.has_explanation:
            continue
        required = required_literal(candidate.message_pattern)
        for order, (message, file_path, error_class, line) in enumerate(messages):
            if required is not None and required not in message:
                continue
            span = safe_regex.search(candidate.message_pattern, message)
            if span is None:
                continue
            literal = len(candidate.error_message) - _hole_chars(candidate.error_message)
            key = (
                order,
                0 if file_path and candidate.file_path == file_path else 1,
                0 if line and candidate.line_number == line else 1,
                0 if error_class and candidate.error_class == error_class else 1,
                -literal,
                abs((candidate.line_number or 0) - line) if line else 0,
                candidate.id,
            )
            scored.append((key, candidate))
            break
    scored.sort(key=lambda item: item[0])
    return [record for _, record in scored]


def site_for(
    curated: Record, index: Sequence[Record], *, message: str | None = None
) -> Record | None:
    """The best index record for ``curated``'s raise site, or None."""
    found = sites_for(curated, index, message=message)
    return found[0] if found else None


def exact_site(
    record: Record, index: Sequence[Record], *, message: str | None = None
) -> Record | None:
    """Where ``record``'s error is raised in the indexed JAX: an index record is its own site;
    a curated record gets the index record it joins to (or None).  ``message``: which of the
    record's messages was seen (``Match.matched_message``)."""
    if is_index_record(record):
        return record
    return site_for(record, index, message=message)


def site_json(site: Record) -> dict[str, object]:
    """The site as ``jaxlsp explain --json`` prints it."""
    return {
        "filePath": site.file_path,
        "lineNumber": site.line_number,
        "function": enclosing_function(site),
        "githubUrl": site.github_url,
        "jaxVersions": list(site.jax_versions),
        "indexRecord": site.id,
    }


def _known_messages(record: Record) -> list[tuple[str, str | None, str | None, int]]:
    main = (record.error_message, record.file_path, record.error_class, record.line_number or 0)
    variants = [
        (
            variant.error_message,
            variant.file_path or record.file_path,
            variant.error_class or record.error_class,
            variant.line_number or 0,
        )
        for variant in record.message_variants
    ]
    return [main, *variants]


def _hole_chars(message: str) -> int:
    """Characters of ``{placeholder}`` text in an index message (not literal JAX text)."""
    total, depth = 0, 0
    for char in message:
        if char == "{":
            depth += 1
        if depth:
            total += 1
        if char == "}" and depth:
            depth -= 1
    return total
