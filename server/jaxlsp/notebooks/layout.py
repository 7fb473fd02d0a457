"""A notebook's code cells as one module, and the map between the module's positions and cells'.

The kernel runs a notebook's cells in one namespace, so the analysis sees them as one module: the
code cells in order, IPython syntax masked (``jaxlsp.notebooks.ipython``), each cell starting on
a new line.  The engine analyses that text like any file and never knows it came from cells;
``NotebookModule`` maps what it reports back to a cell and a position in it, and a position in
a cell (a hover) into the module.

A cell that does not parse on its own raises ``SyntaxError`` when run and defines nothing, so it
takes its place in the module as empty lines: the other cells are still analysed, and nothing
is reported in it.  Cells keep their statements' text when nothing in them changed, so the
per-statement parse cache reuses every statement of the cells an edit did not touch.
"""

from __future__ import annotations

import ast
import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from jaxlsp.findings import Position, Span, TextEdit
from jaxlsp.notebooks.ipython import MaskedCell, mask_ipython
from jaxlsp.syntax.source import split_lines


@dataclass(frozen=True)
class PreparedCell:
    """One cell's text as the module holds it: masked, and why it is left out, if it is."""

    source: str
    masked: MaskedCell
    #: Python's complaint when the masked cell does not parse (the cell is then left out).
    syntax_error: str | None
    line_count: int

    @property
    def module_text(self) -> str:
        """What the cell contributes to the module: its masked text, or as many empty lines."""
        if self.syntax_error is None:
            return self.masked.text
        return "\n" * (self.line_count - 1)


@dataclass(frozen=True)
class PlacedCell:
    """A cell where it sits in the module (0-based first line, how many lines)."""

    index: int
    first_line: int
    prepared: PreparedCell

    @property
    def line_count(self) -> int:
        return self.prepared.line_count

    @property
    def syntax_error(self) -> str | None:
        return self.prepared.syntax_error


@dataclass(frozen=True)
class CellSpan:
    """A span inside one cell (``index`` into the cells the module was built from)."""

    index: int
    span: Span


def prepare_cell(source: str) -> PreparedCell:
    masked = mask_ipython(source)
    error: str | None = None
    try:
        ast.parse(masked.text)
    except SyntaxError as problem:
        where = f"line {problem.lineno}" if problem.lineno else "unknown line"
        error = f"{problem.msg} ({where})"
    except (ValueError, RecursionError, MemoryError) as problem:
        error = str(problem) or type(problem).__name__
    return PreparedCell(source, masked, error, len(split_lines(source)))


@dataclass(frozen=True)
class CellLineNames:
    """Names a 1-based line of the module as the line of its code cell ("line 3 of cell 5",
    cells counted from 1), for the engine's messages; compared by value, so an unchanged
    layout is known as such."""

    first_lines: tuple[int, ...]

    def __call__(self, line: int) -> str:
        position = bisect.bisect_right(self.first_lines, line - 1) - 1
        if position < 0:
            return f"line {line}"
        return f"line {line - self.first_lines[position]} of cell {position + 1}"


@dataclass(frozen=True)
class NotebookModule:
    """The module made of a notebook's code cells, and where each cell is in it."""

    source: str
    cells: tuple[PlacedCell, ...]

    @classmethod
    def build(
        cls, sources: Sequence[str], previous: NotebookModule | None = None
    ) -> NotebookModule:
        """The module of ``sources`` (the code cells' texts, in order); a cell whose text is
        what it was in ``previous`` is not masked or parsed again."""
        known = {c.prepared.source: c.prepared for c in previous.cells} if previous else {}
        placed: list[PlacedCell] = []
        line = 0
        for index, source in enumerate(sources):
            prepared = known.get(source) or prepare_cell(source)
            placed.append(PlacedCell(index, line, prepared))
            line += prepared.line_count
        text = "\n".join(cell.prepared.module_text for cell in placed)
        return cls(text, tuple(placed))

    def cell_at_line(self, line: int) -> PlacedCell | None:
        """The cell holding 0-based module ``line``."""
        position = bisect.bisect_right(self.cells, line, key=_first_line) - 1
        if position < 0:
            return None
        cell = self.cells[position]
        return cell if line < cell.first_line + cell.line_count else None

    def to_module(self, index: int, position: Position) -> Position:
        """A position in cell ``index`` as a position in the module."""
        cell = self.cells[index]
        line = min(max(position.line, 0), cell.line_count - 1)
        return Position(cell.first_line + line, position.column)

    def to_cell(self, span: Span) -> CellSpan | None:
        """``span`` (in the module) in its cell; None when it is not within one cell."""
        cell = self.cell_at_line(span.start.line)
        if cell is None or span.end.line >= cell.first_line + cell.line_count:
            return None
        offset = cell.first_line
        return CellSpan(
            cell.index,
            Span(
                Position(span.start.line - offset, span.start.column),
                Position(span.end.line - offset, span.end.column),
            ),
        )

    def line_names(self) -> CellLineNames:
        """How the engine's messages name lines: by code cell, counted from 1 (``In [N]``
        after running them all)."""
        return CellLineNames(tuple(cell.first_line for cell in self.cells))

    def cell_edits(self, edits: Sequence[TextEdit]) -> dict[int, list[TextEdit]] | None:
        """``edits`` (in the module) per cell index, in cell positions; None when one crosses
        cells or rewrites masked IPython syntax (the fix cannot be applied to the cells)."""
        found: dict[int, list[TextEdit]] = {}
        for edit in edits:
            placed = self.to_cell(edit.span)
            if placed is None or self.touches_masked(placed):
                return None
            found.setdefault(placed.index, []).append(TextEdit(placed.span, edit.new_text))
        return found

    def touches_masked(self, cell_span: CellSpan) -> bool:
        """Whether ``cell_span`` covers a line whose IPython syntax was masked (an edit there
        would rewrite the mask, not what the user wrote)."""
        masked = self.cells[cell_span.index].prepared.masked.masked_lines
        span = cell_span.span
        return any(line in masked for line in range(span.start.line, span.end.line + 1))


def _first_line(cell: PlacedCell) -> int:
    return cell.first_line


__all__ = [
    "CellLineNames",
    "CellSpan",
    "NotebookModule",
    "PlacedCell",
    "PreparedCell",
    "prepare_cell",
]
