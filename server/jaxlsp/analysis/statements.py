"""Split a module into top-level statements and summarise each one, reusing unchanged ones.

An edit usually touches one statement.  The lines before and after the edit are compared with
the previous version; statements wholly inside the unchanged head and tail keep their summaries
(the tail's shifted by the change in line count) and only the edited region is re-parsed with
``ast``.  When that region does not parse on its own (an opened bracket or string swallowing
what follows), what follows the unchanged head is split into pieces again.

A module is parsed piece by piece, not whole: a whole module's ``ast`` holds ~2 KiB per line,
about twice what its summaries keep.  A piece ends where a line at column 0 may start a
statement and everything before it parses; a piece that does not parse grows until it does.
Most pieces are one statement, whose tree the rules reuse (``jaxlsp.analysis.trees``).  When the
last piece does not parse either, the whole module is parsed, so the error reported is Python's
own.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from jaxlsp.analysis import trees
from jaxlsp.analysis.model import StatementSummary
from jaxlsp.analysis.summarize import summarize_statement

#: The line breaks Python's tokenizer (and LSP) count; ``str.splitlines`` counts more.
LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: A line that may start a top-level statement: code at column 0, not a closing bracket.
_STATEMENT_START = re.compile(r"[^\s#)\]}]")
#: A clause that continues the compound statement above it.
_CLAUSE = re.compile(r"(?:else|elif|except|finally)\b")


def split_lines(source: str) -> list[str]:
    if "\r" not in source:  # the common case, and str.split is several times faster
        return source.split("\n")
    return LINE_BREAK.split(source)


@dataclass(frozen=True, slots=True)
class Chunk:
    """One top-level statement (``;``-joined statements share a chunk), 0-based inclusive lines."""

    start: int
    end: int
    text: str
    summary: StatementSummary


@dataclass(frozen=True)
class StatementCache:
    """The previous version's lines and chunks: what the next analysis can reuse."""

    lines: tuple[str, ...] = ()
    chunks: tuple[Chunk, ...] = ()
    by_text: dict[str, StatementSummary] = field(default_factory=dict)


@dataclass(frozen=True)
class SourceSummary:
    error: str | None
    statements: tuple[Chunk, ...]
    cache: StatementCache
    #: Chunks summarised afresh (not taken from the cache).
    summarized: int = 0
    #: Lines handed to ``ast.parse`` (the edited region, or the pieces not summarised before).
    parsed_lines: int = 0


def summarize_source(source: str, previous: StatementCache) -> SourceSummary:
    """Summaries of every top-level statement of ``source``, or the parse error."""
    lines = split_lines(source)
    if previous.chunks and len(previous.lines) > 0:
        summary = _incremental(lines, previous)
    else:
        summary = _summarize_pieces(lines, previous.by_text, ())
    if summary is not None:
        return summary
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError) as error:
        return SourceSummary(_describe(error), (), previous, 0, len(lines))
    except (RecursionError, MemoryError):
        return SourceSummary(
            "the file is nested too deeply to analyse", (), previous, 0, len(lines)
        )
    chunks, fresh = _summarize_chunks(tree, 0, lines, previous.by_text)
    return SourceSummary(None, chunks, _cache(lines, chunks), fresh, len(lines))


def _summarize_pieces(
    lines: list[str], known: dict[str, StatementSummary], before: tuple[Chunk, ...]
) -> SourceSummary | None:
    """The module's chunks: ``before`` (the first ones, known), then the rest piece by piece;
    None when the last piece does not parse (then neither does the module, or it fools the
    split: either way, parse it whole).  Every piece is parsed before any is summarised, so a
    module that does not parse costs no summaries."""
    pieces = _parse_pieces(lines, known, before[-1].end + 1 if before else 0)
    if pieces is None:
        return None
    chunks = list(before)
    fresh = parsed = 0
    for piece in pieces:
        if isinstance(piece, Chunk):
            chunks.append(piece)
            continue
        start, end, tree = piece
        found, count = _summarize_chunks(tree, start, lines, known)
        chunks.extend(found)
        fresh += count
        parsed += end - start
    statements = tuple(chunks)
    return SourceSummary(None, statements, _cache(lines, statements), fresh, parsed)


def _parse_pieces(
    lines: list[str], known: dict[str, StatementSummary], start: int
) -> list[Chunk | tuple[int, int, ast.Module]] | None:
    """The pieces of ``lines`` from ``start`` (where a statement may start): each a known chunk
    or (first line, end, tree); None when the last piece does not parse.

    A piece that is a statement summarised before is not parsed again: it starts at the start
    of a statement and ends before one, so it is that statement.
    """
    ends = _piece_ends(lines, start)
    pieces: list[Chunk | tuple[int, int, ast.Module]] = []
    position = 0  # of the piece's end in ``ends``
    while start < len(lines):
        end = ends[position]
        if known and _is_statement_start(lines[start]):
            statement = _without_trailing_blanks(lines, start, end)
            summary = known.get(statement)
            if summary is not None:
                pieces.append(Chunk(start, start + statement.count("\n"), statement, summary))
                start, position = end, position + 1
                continue
        step = 1
        while True:
            try:
                tree = ast.parse("\n".join(lines[start:end]))
                break
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                if end == len(lines):
                    return None
                position = min(position + step, len(ends) - 1)
                end = ends[position]
                step *= 2
        pieces.append((start, end, tree))
        start, position = end, position + 1
    return pieces


def _piece_ends(lines: list[str], start: int) -> list[int]:
    """Where pieces from ``start`` (where a statement may start) may end: before each line that
    may start a statement (not a decorated one, nor a clause of the statement above), and at
    the end of the module."""
    ends: list[int] = []
    decorated = False
    for number in range(start, len(lines)):
        line = lines[number]
        if not _is_statement_start(line):
            continue
        if number > start and not decorated and not _CLAUSE.match(line):
            ends.append(number)
        decorated = line.startswith("@")
    ends.append(len(lines))
    return ends


def _is_statement_start(line: str) -> bool:
    return _STATEMENT_START.match(line) is not None


def _without_trailing_blanks(lines: list[str], start: int, end: int) -> str:
    """``lines[start:end]`` joined, less the blank and comment lines at its end."""
    while end > start + 1 and _is_blank(lines[end - 1]):
        end -= 1
    return "\n".join(lines[start:end])


def _is_blank(line: str) -> bool:
    """Whether ``line`` holds no code (outside a string): blank, or a comment."""
    stripped = line.lstrip()
    return not stripped or stripped.startswith("#")


def _incremental(lines: list[str], previous: StatementCache) -> SourceSummary | None:
    old = previous.lines
    current = tuple(lines)
    limit = min(len(old), len(current))
    head = _common_prefix(old, current, limit)
    tail = _common_suffix(old, current, limit - head)
    if head == len(old) == len(current):
        return SourceSummary(None, previous.chunks, previous, 0, 0)
    delta = len(current) - len(old)
    chunks = previous.chunks
    # Chunks are sorted and disjoint: those wholly in the unchanged head, and in the tail.
    before = chunks[: bisect.bisect_left(chunks, head, key=_end)]
    after = chunks[bisect.bisect_left(chunks, len(old) - tail, key=_start) :]
    start = before[-1].end + 1 if before else 0
    stop = after[0].start + delta if after else len(lines)
    region = "\n".join(lines[start:stop])
    try:
        tree = ast.parse(region)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # what follows the unchanged head's statements may be one statement now, or a clause
        # of the last of them (``else:`` typed after an ``if``)
        first = next((line for line in lines[start:stop] if not _is_blank(line)), "")
        if _CLAUSE.match(first):
            before = before[:-1]
        return _summarize_pieces(lines, previous.by_text, before)
    middle, fresh = _summarize_chunks(tree, start, lines, previous.by_text)
    # Unmoved chunks stay the same objects: linking recognises them by identity.
    shifted = (
        tuple(after)
        if delta == 0
        else tuple(Chunk(c.start + delta, c.end + delta, c.text, c.summary) for c in after)
    )
    chunks = (*before, *middle, *shifted)
    return SourceSummary(None, chunks, _cache(current, chunks), fresh, stop - start)


def _end(chunk: Chunk) -> int:
    return chunk.end


def _start(chunk: Chunk) -> int:
    return chunk.start


def _common_prefix(old: tuple[str, ...], new: tuple[str, ...], limit: int) -> int:
    """How many leading lines ``old`` and ``new`` share (at most ``limit``): a binary search
    over slice comparisons, which run in C, instead of a Python loop over every line."""
    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if old[low:middle] == new[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix(old: tuple[str, ...], new: tuple[str, ...], limit: int) -> int:
    """How many trailing lines ``old`` and ``new`` share (at most ``limit``)."""
    low, high = 0, limit
    old_end, new_end = len(old), len(new)
    while low < high:
        middle = (low + high + 1) // 2
        if old[old_end - middle : old_end - low] == new[new_end - middle : new_end - low]:
            low = middle
        else:
            high = middle - 1
    return low


def _summarize_chunks(
    tree: ast.Module,
    base: int,
    lines: list[str],
    known: dict[str, StatementSummary],
) -> tuple[tuple[Chunk, ...], int]:
    """The chunks of ``tree``, parsed from the lines from ``base`` on; a tree that is one
    chunk from its first line on is left for the rules (it is that chunk's own)."""
    groups: list[tuple[int, int, list[ast.stmt]]] = []
    for node in tree.body:
        first = min([node.lineno, *(d.lineno for d in _decorators(node))]) - 1 + base
        last = (node.end_lineno or node.lineno) - 1 + base
        if groups and first <= groups[-1][1]:
            groups[-1] = (groups[-1][0], max(last, groups[-1][1]), [*groups[-1][2], node])
        else:
            groups.append((first, last, [node]))
    chunks = []
    fresh = 0
    for first, last, nodes in groups:
        text = "\n".join(lines[first : last + 1])
        summary = known.get(text)
        if summary is None:
            fresh += 1
            summary = summarize_statement(nodes, first - base, lines[first : last + 1])
        chunks.append(Chunk(first, last, text, summary))
    if len(chunks) == 1 and chunks[0].start == base:
        trees.remember(chunks[0].text, tree)
    return tuple(chunks), fresh


def _decorators(node: ast.stmt) -> list[ast.expr]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.decorator_list
    return []


def _cache(lines: Sequence[str], chunks: tuple[Chunk, ...]) -> StatementCache:
    return StatementCache(tuple(lines), chunks, {c.text: c.summary for c in chunks})


def _describe(error: SyntaxError | ValueError) -> str:
    if isinstance(error, SyntaxError):
        where = f"line {error.lineno}" if error.lineno else "unknown line"
        return f"{error.msg} ({where})"
    return str(error)
