"""Shapes in the editor: the inlay hints after assignments and on function returns, and the
shape line of a hover on an array expression, from what the interpreter recorded
(``ShapeNote`` facts).

A hint is shown only when every evaluation of its place agrees on one fully known shape and
dtype (a function called with two shapes shows none; an unknown size shows none); a named
size (``batch``, ``2*n``) counts as known.  Knows nothing of LSP.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections import defaultdict
from dataclasses import dataclass

from jaxlsp.apis.shaping import Aval, aval_of, describe_aval, source_of
from jaxlsp.findings import Position, Span, SpanIndex
from jaxlsp.infer import shapes
from jaxlsp.infer.frames import ShapeNote
from jaxlsp.infer.program import Program, StaleSite
from jaxlsp.infer.values import Array, Site, Values
from jaxlsp.shapeindex import ShapeHint as ShapeHint
from jaxlsp.shapeindex import ShapeIndex


def shape_index(program: Program) -> ShapeIndex:
    """The hover spans of the analysed module (made once per program); the hints are made
    when first asked for (``shape_hints``)."""
    if program.shapes is None:
        program.shapes = ShapeIndex(_hover_spans(program))
    return program.shapes


def shape_hints(program: Program) -> tuple[ShapeHint, ...]:
    """Every inlay hint of the analysed module (made once per program)."""
    index = shape_index(program)
    if index.hints is None:
        index.hints = _hints(program)
    return index.hints


def shape_at(program: Program, position: Position) -> tuple[Span, str] | None:
    """The innermost array expression under ``position`` and what its hover says."""
    found = shape_index(program).spans.innermost(position)
    if found is None:
        return None
    span, shown = found
    if isinstance(shown, str):
        return span, shown
    assert isinstance(shown, _Agreed)
    return span, _hover_text(program, shown.site, shown.aval)


@dataclass(frozen=True, slots=True)
class _Agreed:
    """A place every evaluation agreed on one array at: its hover's text is made when shown."""

    site: Site
    aval: Aval


def _grouped(program: Program) -> dict[tuple[int, str], list[ShapeNote]]:
    """The module's shape notes by place: a node, and its role there."""
    grouped: dict[tuple[int, str], list[ShapeNote]] = defaultdict(list)
    for note in program.facts.shape_notes:
        if program.is_here(note.site):
            grouped[(id(note.site.node), note.role)].append(note)
    return grouped


def _hover_spans(program: Program) -> SpanIndex[object]:
    """The array expressions' spans, each with what its hover says: the shapes a place had
    when they differ, else the place and the shape they agree on (its text, which reads the
    expression that made it, is made when shown)."""
    spans: list[tuple[Span, object]] = []
    for (_, role), notes in _grouped(program).items():
        if role == "return":
            continue
        site = notes[0].site
        try:
            span = program.span(site)
        except StaleSite:
            continue
        aval = agreed([note.values for note in notes])
        if aval is not None:
            spans.append((span, _Agreed(site, aval)))
        elif described := _alternatives([note.values for note in notes]):
            spans.append((span, described))
    spans.sort(key=lambda item: item[0])
    return SpanIndex(spans)


def _hints(program: Program) -> tuple[ShapeHint, ...]:
    hints: list[ShapeHint] = []
    for (_, role), notes in _grouped(program).items():
        site = notes[0].site
        aval = agreed([note.values for note in notes])
        if aval is None:
            continue
        try:
            span = program.span(site)
        except StaleSite:
            continue
        if role == "return":
            position = _before_colon(program, site)
            if position is not None:
                hints.append(ShapeHint(position, f"-> {aval.describe()}", _derived(program, aval)))
        elif role == "bind" and isinstance(site.node, ast.Name):
            hints.append(ShapeHint(span.end, f": {aval.describe()}", _derived(program, aval)))
    hints.sort(key=lambda h: (h.position, h.label))
    return tuple(_one_per_place(hints))


def agreed(alternatives: list[Values]) -> Aval | None:
    """The aval every alternative is, when they all are one array of one fully known shape
    and dtype."""
    found: Aval | None = None
    for values in alternatives:
        if not values or not all(isinstance(v, Array) and not v.tree for v in values):
            return None
        for value in values:
            assert isinstance(value, Array)
            if not shapes.fully_known(value.shape) or value.dtype is None:
                return None
            if value.weak and value.shape == ():
                return None  # a Python number may still be one (and a loop re-traces it)
            if found is None:
                found = Aval(value.shape, value.dtype, value.weak, value.origin)
            elif found.shape != value.shape or found.dtype != value.dtype:
                return None
    return found


def _alternatives(alternatives: list[Values]) -> str:
    """The different shapes one place had (several calls), for a hover."""
    described: dict[str, None] = {}
    for values in alternatives:
        aval = aval_of(values)
        if aval.shape is None and aval.dtype is None:
            return ""
        described[describe_aval(aval.shape, aval.dtype)] = None
    if len(described) < 2 or len(described) > 3:
        return ""
    return "one of " + ", ".join(f"`{d}`" for d in described)


def _hover_text(program: Program, site: Site, aval: Aval) -> str:
    text = f"`{aval.describe()}`"
    derived = _derived(program, aval)
    if derived and aval.origin is not None and aval.origin != site:
        try:
            here = program.line(site)
            there = program.line(aval.origin)
        except StaleSite:
            return text
        if there != here or not program.is_here(aval.origin):
            text += f" ({derived})"
    return text


def _derived(program: Program, aval: Aval) -> str:
    """ "from `x @ w` on line 12": the expression that made the shape."""
    origin = aval.origin
    if origin is None:
        return ""
    try:
        line = program.line(origin)
    except StaleSite:
        return ""
    where = f"line {line}" if program.is_here(origin) else f"{origin.module}:{line}"
    return f"from `{source_of(origin.node)}` on {where}"


def _one_per_place(hints: list[ShapeHint]) -> list[ShapeHint]:
    """One hint per position (a name bound twice on one line keeps the first)."""
    kept: dict[Position, ShapeHint] = {}
    for hint in hints:
        kept.setdefault(hint.position, hint)
    return list(kept.values())


def _before_colon(program: Program, site: Site) -> Position | None:
    """Where a function's return hint goes: before the colon that ends its ``def`` line (no
    hint when it has a return annotation)."""
    node = site.node
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or node.returns is not None:
        return None
    chunk = program.chunk_of(site)
    lines = chunk.text.split("\n")
    first, body = node.lineno - 1, node.body[0]
    header = lines[first : body.lineno]
    if not header:
        return None
    header[-1] = header[-1][: body.col_offset]  # the body's first line is not the header
    depth = 0
    colon: tuple[int, int] | None = None
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO("\n".join(header) + "\n").readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    for token in tokens:
        if token.type != tokenize.OP:
            continue
        if token.string in "([{":
            depth += 1
        elif token.string in ")]}":
            depth -= 1
        elif token.string == ":" and depth == 0:
            colon = token.start
    if colon is None:
        return None
    row, column = colon
    return Position(chunk.start + first + row - 1, column)


__all__ = ["ShapeHint", "ShapeIndex", "shape_at", "shape_hints", "shape_index"]
