"""A module's text as top-level statements, each parsed on its own and reused while unchanged.

An edit usually touches one statement.  The lines before and after the edit are compared with
the previous version; statements wholly inside the unchanged head and tail keep their trees
(the tail's shifted by the change in line count) and only the edited region is parsed again.
When that region does not parse on its own (an opened bracket or string swallowing what
follows), what follows the unchanged head is split into pieces again.

Each statement's tree holds positions relative to the statement's first line (``Chunk.start``
turns them into the module's), so a statement that only moved keeps its tree, and everything
the interpreter keyed on its nodes.  A tree is never mutated once parsed, and no two chunks of
one version share a tree, so a node belongs to exactly one chunk.

A piece ends where a line at column 0 may start a statement and everything before it parses; a
piece that does not parse grows until it does.  When the last piece does not parse either, the
whole module is parsed, so the error reported is Python's own.
"""

from __future__ import annotations

import ast
import bisect
import itertools
import operator
import re
import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, final

from jaxlsp.infer.direct_init import direct_init
from jaxlsp.syntax.compact import compact
from jaxlsp.syntax.newer import newer_syntax

#: A line that may start a top-level statement: code at column 0, not a closing bracket.
_STATEMENT_START = re.compile(r"[^\s#)\]}]")
#: The first characters (``_FIRST``) of most lines that cannot start a statement; one not
#: listed starts one unless it is whitespace (``\s`` is ``str.isspace``).
_NO_START = frozenset({"", " ", "\t", "\x0c", "\v", "#", ")", "]", "}"})
_FIRST = operator.itemgetter(slice(None, 1))
#: A clause that continues the compound statement above it.
_CLAUSE = re.compile(r"(?:else|elif|except|finally|case)\b")


def split_lines(source: str) -> list[str]:
    """The lines without their line breaks: ``\\r\\n``, ``\\r`` and ``\\n``, the ones Python's
    tokenizer and LSP count (``str.splitlines`` counts more); an empty text has one empty line.
    ``str.split`` runs several times faster than a regular expression."""
    if "\r" in source:
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    return source.split("\n")


@final
@direct_init  # (one per statement of every text parsed: a frozen class's __init__ is slow)
@dataclass(frozen=True, eq=False, slots=True)
class Chunk:
    """One top-level statement (``;``-joined statements share a chunk): 0-based inclusive lines,
    its text and its tree (positions relative to ``start``).  Compared by identity."""

    start: int
    end: int
    text: str
    tree: ast.Module


@dataclass(frozen=True)
class ParsedModule:
    """One version of a module: its lines and chunks, or why it does not parse."""

    lines: tuple[str, ...]
    chunks: tuple[Chunk, ...]
    error: str | None = None
    #: Where the error is: 0-based line and column, when Python says.
    error_position: tuple[int, int] | None = None
    #: Chunks parsed afresh (the others' trees came from the previous version or the cache).
    parsed: int = 0
    #: The error is syntax newer than the Python jaxlsp runs on (``jaxlsp.syntax.newer``),
    #: not a broken file.
    newer_syntax: bool = False


EMPTY = ParsedModule((), ())

#: The size from which a file's trees are compacted (``jaxlsp.syntax.compact``).  Compacting
#: costs about a tenth of an open's CPU (measured: 867 → 950 M instructions for the generated
#: 2,000-line file) and saves a third of the trees' memory, which only weighs in a large
#: file: the generated 20,000-line file's trees are 37 MiB, a 2,000-line file's under 4.
COMPACT_FROM_LINES = 5_000

#: Trees by statement text, shared by every document's first version (a copy, the same
#: imports, a module opened that was read from the disk): held weakly, so a tree lives as long
#: as a version of a module (or a summary of its statements) does, and a closed document's
#: trees go with it.
_SHARED: weakref.WeakValueDictionary[str, ast.Module] = weakref.WeakValueDictionary()
#: The table's own dict of weak references (typeshed leaves ``data`` out; the table keeps the
#: one dict it was made with: ``clear`` and ``update`` work in it).
_SHARED_ENTRIES: dict[str, weakref.ref[ast.Module]] = _SHARED.data  # type: ignore[attr-defined]
_SHARED_LOCK = threading.Lock()


def parse_module(source: str, previous: ParsedModule | None = None) -> ParsedModule:
    """``source`` as chunks, reusing ``previous``'s trees where statements are unchanged."""
    if source.startswith("\ufeff"):
        # A byte order mark a client kept in the text: Python reads past it in a file, but
        # not in a string.  A form feed, which Python skips at the start of a line, takes its
        # place, so every column stays where the client counts it.
        source = "\x0c" + source[1:]
    lines = split_lines(source)
    known = _known_trees(previous)
    parsed: ParsedModule | None
    if previous is not None and previous.chunks and previous.error is None:
        parsed = _incremental(lines, previous, known)
    else:
        parsed = _parse_pieces(lines, known, ())
    if parsed is None:
        return _whole(source, lines, known)
    if previous is None:
        _share(parsed.chunks)
    return parsed


class KnownTrees(Protocol):
    """Trees a parse may reuse, by statement text."""

    def get(self, text: str, /) -> ast.Module | None: ...

    def __len__(self) -> int: ...


class _SharedTrees:
    """The shared trees (``_SHARED``), looked up one statement at a time: a copy of them all
    for each module parsed made checking a project quadratic in its statements (every module
    an import reaches is parsed, and each one's statements join the table)."""

    def get(self, text: str, /) -> ast.Module | None:
        # the table's own dict, not its ``get``: that raises and catches a KeyError for each
        # text it lacks (every statement of a text not seen before)
        with _SHARED_LOCK:
            entry = _SHARED_ENTRIES.get(text)
        return entry() if entry is not None else None

    def __len__(self) -> int:
        return len(_SHARED)


def _known_trees(previous: ParsedModule | None) -> KnownTrees:
    if previous is not None and previous.chunks:
        return {chunk.text: chunk.tree for chunk in previous.chunks}
    return _SharedTrees()


def _share(chunks: Sequence[Chunk]) -> None:
    """Offer the chunks' trees to later documents, keeping the tree already shared for a text.

    Storing again replaces the entry's weak reference by a new one naming this chunk's text:
    made while documents are open, the two outlive them when the tree is another document's
    (one left open), each pinning the allocator's block of memory it was made in."""
    with _SHARED_LOCK:
        held = _SHARED_ENTRIES.get  # see ``_SharedTrees.get``
        for chunk in chunks:
            entry = held(chunk.text)
            if entry is None or entry() is None:
                _SHARED[chunk.text] = chunk.tree


def _whole(source: str, lines: list[str], known: KnownTrees) -> ParsedModule:
    """Parse the module whole: Python's own error, or (when the pieces fooled the split) the
    chunks of the whole tree."""
    try:
        tree = ast.parse(source)
    except SyntaxError as error:
        position = None
        if error.lineno:
            position = (error.lineno - 1, max((error.offset or 1) - 1, 0))
        if (newer := newer_syntax(error, lines)) is not None:
            return ParsedModule(tuple(lines), (), newer.message, position, newer_syntax=True)
        where = f"line {error.lineno}" if error.lineno else "unknown line"
        return ParsedModule(tuple(lines), (), f"{error.msg} ({where})", position)
    except ValueError as error:
        return ParsedModule(tuple(lines), (), str(error))
    except (RecursionError, MemoryError):
        return ParsedModule(tuple(lines), (), "the file is nested too deeply to analyse")
    chunks, fresh = _chunks_of(tree, 0, lines, known, set())
    return ParsedModule(tuple(lines), chunks, parsed=fresh)


def _parse_pieces(
    lines: list[str], known: KnownTrees, before: tuple[Chunk, ...]
) -> ParsedModule | None:
    """The module's chunks: ``before`` (the first ones, kept), then the rest piece by piece;
    None when the last piece does not parse (then neither does the module, or it fools the
    split: either way, parse it whole)."""
    start = before[-1].end + 1 if before else 0
    ends = _piece_ends(lines, start)
    chunks = list(before)
    used = {id(chunk.tree) for chunk in before}
    fresh = 0
    position = 0  # of the piece's end in ``ends``
    any_known = len(known) > 0  # asked once: the shared table's ``len`` is Python code
    if not any_known:
        known = _NOTHING_KNOWN  # (each statement's text is not asked of the shared table)
    while start < len(lines):
        end = ends[position]
        missed = None  # a statement text just looked up and not known (not asked again)
        whole = None  # the piece's text, when that statement text is all of it
        if any_known and _is_statement_start(lines[start]):
            stop = _end_less_trailing_blanks(lines, start, end)
            text = "\n".join(lines[start:stop])
            if stop == end:
                whole = text
            tree = known.get(text)
            if tree is None:
                missed = text
            elif id(tree) not in used:
                chunks.append(Chunk(start, stop - 1, text, tree))
                used.add(id(tree))
                start, position = end, position + 1
                continue
        step = 1
        while True:
            try:
                piece = ast.parse(whole if whole is not None else "\n".join(lines[start:end]))
                break
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                if end == len(lines):
                    return None
                position = min(position + step, len(ends) - 1)
                end = ends[position]
                step *= 2
                whole = None
        found, count = _chunks_of(piece, start, lines, known, used, missed)
        chunks.extend(found)
        fresh += count
        start, position = end, position + 1
    return ParsedModule(tuple(lines), tuple(chunks), parsed=fresh)


#: No known trees.
_NOTHING_KNOWN: dict[str, ast.Module] = {}


def _piece_ends(lines: list[str], start: int) -> list[int]:
    """Where pieces from ``start`` (where a statement may start) may end: before each line that
    may start a statement (not a decorated one, nor a clause of the statement above), and at
    the end of the module."""
    ends: list[int] = []
    decorated = False
    for number in _statement_starts(lines, start):
        line = lines[number]
        if number > start and not decorated and not _CLAUSE.match(line):
            ends.append(number)
        decorated = line.startswith("@")
    ends.append(len(lines))
    return ends


def _statement_starts(lines: list[str], start: int) -> list[int]:
    """The numbers of the lines from ``start`` on that may start a statement
    (``_STATEMENT_START``): each line's first character looked up in C (``map``), those that
    surely start none (``_NO_START``: a blank or indented line, a comment, a closing bracket)
    left out, the few others tested in Python; a match of each line was a call into ``re``
    per line (4.8 M instructions of the parse of bench's 2,000-line file)."""
    candidates = itertools.compress(
        range(start, len(lines)),
        map(
            operator.not_,
            map(_NO_START.__contains__, map(_FIRST, itertools.islice(lines, start, None))),
        ),
    )
    return [number for number in candidates if not lines[number][0].isspace()]


def _is_statement_start(line: str) -> bool:
    return _STATEMENT_START.match(line) is not None


def _end_less_trailing_blanks(lines: list[str], start: int, end: int) -> int:
    """Where ``lines[start:end]`` ends less the blank and comment lines at its end."""
    while end > start + 1 and _is_blank(lines[end - 1]):
        end -= 1
    return end


def _is_blank(line: str) -> bool:
    """Whether ``line`` holds no code (outside a string): blank, or a comment."""
    stripped = line.lstrip()
    return not stripped or stripped.startswith("#")


def _incremental(
    lines: list[str], previous: ParsedModule, known: KnownTrees
) -> ParsedModule | None:
    old = previous.lines
    current = tuple(lines)
    limit = min(len(old), len(current))
    head = _common_prefix(old, current, limit)
    tail = _common_suffix(old, current, limit - head)
    if head == len(old) == len(current):
        return ParsedModule(old, previous.chunks)
    # the unchanged lines keep the previous version's strings (one copy while both live)
    current = (*old[:head], *current[head : len(current) - tail], *old[len(old) - tail :])
    delta = len(current) - len(old)
    chunks = previous.chunks
    # Chunks are sorted and disjoint: those wholly in the unchanged head, and in the tail.
    before = chunks[: bisect.bisect_left(chunks, head, key=_end)]
    after = chunks[bisect.bisect_left(chunks, len(old) - tail, key=_start) :]
    start = before[-1].end + 1 if before else 0
    stop = after[0].start + delta if after else len(lines)
    try:
        region = ast.parse("\n".join(lines[start:stop]))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        # what follows the unchanged head's statements may be one statement now, or a clause
        # of the last of them (``else:`` typed after an ``if``)
        first = next((line for line in lines[start:stop] if not _is_blank(line)), "")
        if _CLAUSE.match(first):
            before = before[:-1]
        return _parse_pieces(lines, known, before)
    used = {id(chunk.tree) for chunk in (*before, *after)}
    middle, fresh = _chunks_of(region, start, lines, known, used)
    shifted = (
        tuple(after)
        if delta == 0
        else tuple(Chunk(c.start + delta, c.end + delta, c.text, c.tree) for c in after)
    )
    return ParsedModule(current, (*before, *middle, *shifted), parsed=fresh)


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


def _chunks_of(
    tree: ast.Module,
    base: int,
    lines: list[str],
    known: KnownTrees,
    used: set[int],
    missed: str | None = None,
) -> tuple[tuple[Chunk, ...], int]:
    """The chunks of ``tree`` (parsed from the lines from ``base`` on), each with a tree of its
    own: a known one for its text when no other chunk of this version holds it, else its
    statements moved to positions relative to its first line.  ``missed``: a text the caller
    found no known tree for (on a text not seen before, every statement's), not asked again."""
    body = tree.body
    if len(body) == 1:
        # (most pieces: one statement, which starts the piece)
        node = body[0]
        first = _first_line(node) - 1 + base
        last = (node.end_lineno or node.lineno) - 1 + base
        text = "\n".join(lines[first : last + 1])
        own = None if text == missed else known.get(text)
        fresh = 0
        if own is None or id(own) in used:
            fresh = 1
            if first == base:
                own = tree
            else:
                own = ast.Module(body=body, type_ignores=[])
                ast.increment_lineno(node, base - first)
            if len(lines) >= COMPACT_FROM_LINES:
                compact(own)  # a third of the memory, before anything reads it
        used.add(id(own))
        return (Chunk(first, last, text, own),), fresh
    groups: list[tuple[int, int, list[ast.stmt]]] = []
    for node in body:
        first = _first_line(node) - 1 + base
        last = (node.end_lineno or node.lineno) - 1 + base
        if groups and first <= groups[-1][1]:
            groups[-1] = (groups[-1][0], max(last, groups[-1][1]), [*groups[-1][2], node])
        else:
            groups.append((first, last, [node]))
    chunks = []
    fresh = 0
    compacting = len(lines) >= COMPACT_FROM_LINES
    only = len(groups) == 1 and groups[0][0] == base
    for first, last, nodes in groups:
        text = "\n".join(lines[first : last + 1])
        own = None if text == missed else known.get(text)
        if own is None or id(own) in used:
            fresh += 1
            if only:
                own = tree
            else:
                own = ast.Module(body=nodes, type_ignores=[])
                for node in nodes:
                    ast.increment_lineno(node, base - first)
            if compacting:
                compact(own)  # a third of the memory, before anything reads it
        used.add(id(own))
        chunks.append(Chunk(first, last, text, own))
    return tuple(chunks), fresh


#: The statements that may be decorated (their chunk starts at the first decorator's line).
_DECORATED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _first_line(node: ast.stmt) -> int:
    """The 1-based line ``node``'s text starts on: its first decorator's, if it has any."""
    if isinstance(node, _DECORATED) and node.decorator_list:
        return min(node.lineno, *[decorator.lineno for decorator in node.decorator_list])
    return node.lineno
