"""Jupyter notebooks: their code cells as one module for the engine, and findings back in cells.

The engine never knows about notebooks.  ``layout`` builds the module (IPython syntax masked by
``ipython``, cells that do not parse left out) and maps positions between it and the cells;
``ipynb`` reads and writes the file format.  ``NotebookSource`` ties them for a notebook file
(``jaxlsp check``); the language server keeps its own cells (``jaxlsp.lsp.notebooks``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jaxlsp.findings import Fix, Span, TextEdit
from jaxlsp.notebooks.ipynb import Notebook, NotebookCell, NotebookError, read_notebook
from jaxlsp.notebooks.layout import CellLineNames, CellSpan, NotebookModule

NOTEBOOK_SUFFIX = ".ipynb"


@dataclass(frozen=True)
class CellLocation:
    """Where something is in a notebook file: the code cell (1-based, code cells counted: what
    ``In [N]`` says after running them all) and the span in that cell."""

    cell: int
    span: Span


@dataclass(frozen=True)
class NotebookSource:
    """A notebook file's Python cells as one module."""

    module: NotebookModule
    cells: tuple[NotebookCell, ...]

    @classmethod
    def of(cls, notebook: Notebook) -> NotebookSource:
        cells = notebook.code_cells
        return cls(NotebookModule.build([cell.source for cell in cells]), cells)

    @property
    def text(self) -> str:
        return self.module.source

    @property
    def line_names(self) -> CellLineNames:
        return self.module.line_names()

    def locate(self, span: Span) -> CellLocation | None:
        """``span`` of the module as a cell and a span in it; None across cells."""
        found = self.module.to_cell(span)
        if found is None:
            return None
        return CellLocation(found.index + 1, found.span)

    def syntax_errors(self) -> list[str]:
        """One line per cell left out because it does not parse."""
        return [
            f"cell {placed.index + 1} is not valid Python: {placed.syntax_error}"
            for placed in self.module.cells
            if placed.syntax_error is not None
        ]

    def fits(self, fix: Fix) -> bool:
        """Whether ``fix`` can be applied to the cells (each edit within one cell, none on
        masked IPython syntax)."""
        return self.cell_edits(fix.edits) is not None

    def cell_edits(self, edits: Sequence[TextEdit]) -> dict[int, list[TextEdit]] | None:
        """``edits`` (in the module) per cell, by its place in the file (``NotebookCell.number``),
        in cell positions; None when one crosses cells or rewrites masked IPython syntax."""
        found = self.module.cell_edits(edits)
        if found is None:
            return None
        return {self.cells[index].number: cell_edits for index, cell_edits in found.items()}


def load_notebook(text: str) -> NotebookSource:
    """The notebook file ``text`` as a module; ``NotebookError`` when it is not one."""
    return NotebookSource.of(read_notebook(text))


__all__ = [
    "NOTEBOOK_SUFFIX",
    "CellLineNames",
    "CellLocation",
    "CellSpan",
    "NotebookError",
    "NotebookModule",
    "NotebookSource",
    "load_notebook",
]
