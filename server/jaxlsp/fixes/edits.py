"""Turn a rewritten statement into the smallest text edits (never a splice over a whole range).

A fix rewrites whole top-level statements with libcst; the edge compares old and new text line
by line, then trims each changed block to the characters that differ, so the editor sees edits
that touch only what changed and never overlap (Fixit's lesson: splicing a multi-line
replacement over the diagnostic range breaks code around it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from jaxlsp.findings import Fix, Position, Span, TextEdit


def minimal_edits(old: str, new: str, base_line: int, newline: str = "\n") -> list[TextEdit]:
    """Edits (positions offset by ``base_line``) that turn ``old`` into ``new``."""
    if old == new:
        return []
    old_lines = old.split("\n")
    new_lines = new.split("\n")
    old_starts = _line_starts(old_lines)
    new_starts = _line_starts(new_lines)
    # Both texts get a final newline here, so every line (the last too) ends with one.
    old_full, new_full = old + "\n", new + "\n"
    edits: list[TextEdit] = []
    import difflib  # here: the rules import this module, and analyses never diff (0.6 ms)

    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        start, stop = old_starts[i1], old_starts[i2]
        new_start, new_stop = new_starts[j1], new_starts[j2]
        before, after = old_full[start:stop], new_full[new_start:new_stop]
        prefix = _common_prefix(before, after)
        before, after, start = before[prefix:], after[prefix:], start + prefix
        suffix = _common_suffix(before, after)
        if suffix:
            before, after = before[: len(before) - suffix], after[: len(after) - suffix]
        stop = start + len(before)
        start_position = _position(old_lines, old_starts, start)
        stop_position = _position(old_lines, old_starts, stop)
        if stop >= len(old_full):  # the added final newline is not in the document
            stop_position = Position(len(old_lines) - 1, len(old_lines[-1]))
            if start >= len(old_full) or start_position.line >= len(old_lines):
                start_position = stop_position
                after = "\n" + after.removesuffix("\n")
            else:
                after = after.removesuffix("\n")
        edits.append(
            TextEdit(
                Span(
                    Position(start_position.line + base_line, start_position.column),
                    Position(stop_position.line + base_line, stop_position.column),
                ),
                after.replace("\n", newline) if newline != "\n" else after,
            )
        )
    return edits


def _line_starts(lines: list[str]) -> list[int]:
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    return starts


def _position(lines: list[str], starts: list[int], offset: int) -> Position:
    line = max(0, min(len(lines), _bisect(starts, offset)))
    if line >= len(lines):
        return Position(len(lines), 0)
    return Position(line, offset - starts[line])


def _bisect(starts: list[int], offset: int) -> int:
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low


def _common_prefix(a: str, b: str) -> int:
    size = min(len(a), len(b))
    index = 0
    while index < size and a[index] == b[index]:
        index += 1
    return index


def _common_suffix(a: str, b: str) -> int:
    size = min(len(a), len(b))
    index = 0
    while index < size and a[len(a) - 1 - index] == b[len(b) - 1 - index]:
        index += 1
    return index


def apply_edits(source: str, edits: Iterable[TextEdit]) -> str:
    """The text after ``edits`` (non-overlapping, positions in ``source``); used by tests and
    ``jaxlsp check --fix``-style callers."""
    lines = source.split("\n")
    starts = _line_starts(lines)

    def offset(position: Position) -> int:
        line = min(position.line, len(lines) - 1)
        return starts[line] + min(position.column, len(lines[line]))

    result = source
    for edit in sorted(edits, key=lambda e: e.span.start, reverse=True):
        begin, end = offset(edit.span.start), offset(edit.span.end)
        result = result[:begin] + edit.new_text + result[end:]
    return result


def overlaps(a: TextEdit, b: TextEdit) -> bool:
    if a.span.start == a.span.end or b.span.start == b.span.end:
        return a.span.start < b.span.end and b.span.start < a.span.end
    return a.span.start < b.span.end and b.span.start < a.span.end


def merge_non_overlapping(fixes: Iterable[Fix]) -> list[TextEdit]:
    """The edits of each fix in turn, skipping a fix that would overlap one already taken."""
    taken: list[TextEdit] = []
    for fix in fixes:
        if any(overlaps(edit, other) for edit in fix.edits for other in taken):
            continue
        taken.extend(fix.edits)
    return sorted(taken, key=lambda e: e.span.start)


def replace_span(lines: Sequence[str], span: Span, text: str) -> tuple[TextEdit, ...]:
    """Minimal edits replacing ``span`` with ``text`` (whole lines are diffed, then trimmed)."""
    first, last = span.start.line, span.end.line
    old_lines = list(lines[first : last + 1])
    old = "\n".join(old_lines)
    new = old_lines[0][: span.start.column] + text + old_lines[-1][span.end.column :]
    return tuple(minimal_edits(old, new, first))
