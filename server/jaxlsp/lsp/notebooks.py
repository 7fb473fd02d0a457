"""Notebook documents (LSP 3.17 notebook sync): the cells, and their code as one module.

The client sends a ``jupyter-notebook`` and its Python cells (``notebookDocument/didOpen``,
``didChange`` with cells added, removed and edited, ``didSave``, ``didClose``).  The code cells,
in order, become one module (``jaxlsp.notebooks.layout``), held as an ordinary ``Document``
under the notebook's URI: the scheduler analyses it like any file (debounce, versions,
cancellation, the statements of unchanged cells reused).  This module holds the cells and maps
what the analysis says to each cell's own URI and positions; ``notebook_handlers`` answers the
client with it (hovers, code actions, pulled diagnostics) and ``server`` pushes the cells'
diagnostics.

A cell that does not parse keeps the diagnostics it last had, as a file does mid-edit; the
other cells are analysed without it.  Messages name a line by its code cell, counted from 1 as
``jaxlsp check`` does ("line 3 of cell 2": ``In [2]`` after running them all).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from lsprotocol import types

from jaxlsp.findings import Finding
from jaxlsp.lsp import convert
from jaxlsp.lsp.documents import Checked, Document
from jaxlsp.lsp.positions import Encoding, apply_change, span_to_range
from jaxlsp.notebooks.layout import NotebookModule
from jaxlsp.records.load import RecordSet
from jaxlsp.syntax.source import split_lines

#: The notebooks synced (VS Code's and JupyterLab's type for .ipynb), with their Python cells.
NOTEBOOK_TYPE = "jupyter-notebook"
PYTHON_CELL_LANGUAGES = frozenset({"python"})
SYNC_OPTIONS = types.NotebookDocumentSyncOptions(
    notebook_selector=[
        types.NotebookDocumentFilterWithCells(
            notebook=NOTEBOOK_TYPE,
            cells=[
                types.NotebookCellLanguage(language=language)
                for language in sorted(PYTHON_CELL_LANGUAGES)
            ],
        )
    ],
    save=True,
)
#: Fix-all over every cell of a notebook (a notebook-level kind, as VS Code names them).
NOTEBOOK_FIX_ALL_KIND = "notebook." + convert.FIX_ALL_KIND


@dataclass
class Cell:
    """One cell as the client last sent it."""

    uri: str
    kind: types.NotebookCellKind
    language: str
    text: str
    version: int
    _lines: list[str] | None = field(default=None, repr=False)

    @property
    def is_code(self) -> bool:
        return self.kind == types.NotebookCellKind.Code and self.language in PYTHON_CELL_LANGUAGES

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = split_lines(self.text)
        return self._lines

    def set_text(self, text: str, version: int) -> None:
        self.text, self.version, self._lines = text, version, None


@dataclass(frozen=True)
class CellFinding:
    """A finding of the notebook's module, in its cell."""

    cell: Cell
    #: The finding with its span (not its related locations) in the cell.
    finding: Finding
    #: The finding as the engine reported it (in the module).
    original: Finding


@dataclass(frozen=True)
class Layout:
    """One version of the notebook: its code cells (snapshots) and the module they make."""

    cells: tuple[Cell, ...]
    module: NotebookModule

    def index_of(self, uri: str) -> int | None:
        return next((i for i, cell in enumerate(self.cells) if cell.uri == uri), None)


@dataclass
class Notebook:
    """An open notebook: all its cells in order, and its module's document."""

    uri: str
    cells: list[Cell]
    document: Document
    layout: Layout
    #: What was last pushed per cell URI (version, diagnostics), to skip repeats.
    published: dict[str, tuple[int, list[types.Diagnostic]]] = field(default_factory=dict)
    #: The findings in cells of one analysis (by the ``Checked`` and layout they came from).
    _placed: tuple[Checked, Layout, list[CellFinding]] | None = None

    def rebuild(self) -> Layout:
        """The layout of the cells as they are now (unchanged cells are not parsed again)."""
        self.layout = layout_of(self.cells, self.layout.module)
        return self.layout

    def cell(self, uri: str) -> Cell | None:
        index = self.layout.index_of(uri)
        return self.layout.cells[index] if index is not None else None

    def findings(self, result: Checked) -> list[CellFinding]:
        """``result``'s findings in their cells (made once per result and layout)."""
        layout = self.layout
        if self._placed is not None and self._placed[:2] == (result, layout):
            return self._placed[2]
        placed = []
        for finding in dict.fromkeys(result.findings):
            found = layout.module.to_cell(finding.span)
            if found is None:
                continue
            cell = layout.cells[found.index]
            placed.append(CellFinding(cell, dataclasses.replace(finding, span=found.span), finding))
        self._placed = (result, layout, placed)
        return placed


def layout_of(cells: Sequence[Cell], previous: NotebookModule | None = None) -> Layout:
    """The code cells of ``cells`` (snapshots: the cells change, a layout does not) and their
    module; the cells whose text ``previous`` had are not masked or parsed again."""
    code = tuple(dataclasses.replace(cell) for cell in cells if cell.is_code)
    return Layout(code, NotebookModule.build([cell.text for cell in code], previous))


class NotebookStore:
    """The open notebooks, by their URI and by their cells' URIs."""

    def __init__(self) -> None:
        self._notebooks: dict[str, Notebook] = {}
        self._cells: dict[str, str] = {}

    def add(self, notebook: Notebook) -> None:
        self._notebooks[notebook.uri] = notebook
        self.index(notebook)

    def index(self, notebook: Notebook) -> None:
        """Know the notebook's cells by URI again (after cells were added or removed)."""
        for uri, owner in list(self._cells.items()):
            if owner == notebook.uri:
                del self._cells[uri]
        for cell in notebook.cells:
            self._cells[cell.uri] = notebook.uri

    def get(self, uri: str) -> Notebook | None:
        return self._notebooks.get(uri)

    def remove(self, uri: str) -> Notebook | None:
        notebook = self._notebooks.pop(uri, None)
        if notebook is not None:
            for cell in notebook.cells:
                self._cells.pop(cell.uri, None)
        return notebook

    def __len__(self) -> int:
        return len(self._notebooks)

    def of_cell(self, uri: str) -> Notebook | None:
        owner = self._cells.get(uri)
        return self._notebooks.get(owner) if owner is not None else None

    def of_document(self, document: Document) -> Notebook | None:
        notebook = self._notebooks.get(document.uri)
        return notebook if notebook is not None and notebook.document is document else None


# ----------------------------------------------------------------------- changes


def new_cell(cell: types.NotebookCell, item: types.TextDocumentItem | None) -> Cell:
    if item is None:  # a cell whose text the client does not sync (markup)
        return Cell(cell.document, cell.kind, "markdown", "", 0)
    return Cell(cell.document, cell.kind, item.language_id, item.text, item.version)


@dataclass(frozen=True)
class Applied:
    """What a ``didChange`` did: the cells it closed, and the cells it named that the notebook
    does not have (their changes were not applied)."""

    closed: list[str]
    unknown: list[str]


def apply_cell_changes(
    notebook: Notebook, changes: types.NotebookDocumentCellChanges, encoding: Encoding
) -> Applied:
    """Cells added and removed, their kinds, their text edits (structure first, as LSP says)."""
    closed: list[str] = []
    if changes.structure is not None:
        closed = _apply_structure(notebook, changes.structure)
    by_uri = {cell.uri: cell for cell in notebook.cells}
    for data in changes.data or ():
        if (cell := by_uri.get(data.document)) is not None:
            cell.kind = data.kind
    unknown = []
    for content in changes.text_content or ():
        cell = by_uri.get(content.document.uri)
        if cell is None:
            unknown.append(content.document.uri)
            continue
        text = cell.text
        for change in content.changes:
            range_ = (
                change.range if isinstance(change, types.TextDocumentContentChangePartial) else None
            )
            text = apply_change(text, range_, change.text, encoding)
        cell.set_text(text, content.document.version)
    return Applied(closed, unknown)


def _apply_structure(
    notebook: Notebook, structure: types.NotebookDocumentCellChangeStructure
) -> list[str]:
    array = structure.array
    opened = {item.uri: item for item in structure.did_open or ()}
    new_cells = [new_cell(cell, opened.get(cell.document)) for cell in array.cells or ()]
    start = min(max(array.start, 0), len(notebook.cells))
    removed = notebook.cells[start : start + array.delete_count]
    notebook.cells[start : start + array.delete_count] = new_cells
    kept = {cell.uri for cell in notebook.cells}
    closed = [item.uri for item in structure.did_close or ()]
    closed += [cell.uri for cell in removed if cell.uri not in closed]
    return [uri for uri in closed if uri not in kept]


# ----------------------------------------------------------------------- diagnostics


def cell_diagnostics(
    notebook: Notebook, result: Checked, records: RecordSet, encoding: Encoding
) -> dict[str, list[types.Diagnostic]] | None:
    """Each code cell's diagnostics for ``result``; None when the module does not parse (the
    last ones stay).  A cell that does not parse is left out (its last ones stay)."""
    layout = notebook.layout
    if result.analysis.source != layout.module.source:
        return None  # made for another version of the cells
    if result.skipped is not None:
        notice = convert.skip_notice(result.skipped)
        return {cell.uri: [notice] if i == 0 else [] for i, cell in enumerate(layout.cells)}
    if result.analysis.parse_error is not None:
        return None
    made: dict[str, list[types.Diagnostic]] = {
        cell.uri: []
        for cell, placed in zip(layout.cells, layout.module.cells, strict=True)
        if placed.syntax_error is None
    }
    for item in notebook.findings(result):
        if item.cell.uri not in made:
            continue
        diagnostic = convert.to_diagnostic(
            dataclasses.replace(item.finding, related=()),
            uri=item.cell.uri,
            version=result.version,
            lines=item.cell.lines,
            encoding=encoding,
            record=records.get(item.finding.record_id),
        )
        related = _related(layout, item.original, encoding)
        diagnostic.related_information = related or None
        made[item.cell.uri].append(diagnostic)
    return made


def _related(
    layout: Layout, finding: Finding, encoding: Encoding
) -> list[types.DiagnosticRelatedInformation]:
    found = []
    for item in finding.related:
        if item.path is not None:  # in another module
            location = convert.location_in(item.path, item.span, None, encoding)
            found.append(types.DiagnosticRelatedInformation(location, item.message))
            continue
        placed = layout.module.to_cell(item.span)
        if placed is None:
            continue
        cell = layout.cells[placed.index]
        found.append(
            types.DiagnosticRelatedInformation(
                location=types.Location(
                    uri=cell.uri, range=span_to_range(cell.lines, placed.span, encoding)
                ),
                message=item.message,
            )
        )
    return found


def finding_for(
    notebook: Notebook, uri: str, diagnostic: types.Diagnostic, encoding: Encoding
) -> CellFinding | None:
    """The finding behind one of our diagnostics in cell ``uri``, while the notebook is at its
    version: by the diagnostic's ``data``, else (a client that drops it) by code and range."""
    result = notebook.document.checked
    if result is None or result.version != notebook.document.version:
        return None
    if diagnostic.source != convert.SOURCE:
        return None
    data = convert.read_data(diagnostic.data)
    for item in notebook.findings(result):
        if item.cell.uri != uri:
            continue
        if data is not None:
            key = convert.finding_key(item.finding)
            if data["version"] == result.version and data["key"] == key:
                return item
        elif item.finding.code == diagnostic.code and diagnostic.range == span_to_range(
            item.cell.lines, item.finding.span, encoding
        ):
            return item
    return None


def notebook_of(action: types.CodeAction) -> str | None:
    """The notebook URI a code action of ours was made for, if it was made for one."""
    data = action.data
    if isinstance(data, dict) and isinstance(data.get("notebook"), str):
        return str(data["notebook"])
    return None
