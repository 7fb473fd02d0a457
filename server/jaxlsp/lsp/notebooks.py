"""Notebook documents (LSP 3.17 notebook sync): a notebook's cells analysed as one module.

The client sends a ``jupyter-notebook`` and its Python cells (``notebookDocument/didOpen``,
``didChange`` with cells added, removed and edited, ``didSave``, ``didClose``).  The code cells,
in order, become one module (``jaxlsp.notebooks.layout``), held as an ordinary ``Document``
under the notebook's URI: the scheduler analyses it like any file (debounce, versions,
cancellation, the statements of unchanged cells reused).  This module maps what comes back to
each cell's own URI and positions: diagnostics (pushed per cell, or pulled for a cell),
hovers, quick fixes, "ignore on this line", fix-all in a cell (``source.fixAll.jaxlsp``) and in
the whole notebook (``notebook.source.fixAll.jaxlsp``).  A fix whose edits would cross cells or
rewrite masked IPython syntax is not offered.

A cell that does not parse keeps the diagnostics it last had, as a file does mid-edit; the
other cells are analysed without it.  Messages name a line by its code cell, counted from 1 as
``jaxlsp check`` does ("line 3 of cell 2": ``In [2]`` after running them all).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from jaxlsp.findings import Finding, Fix, HoverInfo
from jaxlsp.findings import TextEdit as EngineEdit
from jaxlsp.lsp import convert
from jaxlsp.lsp.documents import Checked, Document
from jaxlsp.lsp.positions import Encoding, apply_change, span_to_range, split_lines, to_engine
from jaxlsp.notebooks.layout import NotebookModule

if TYPE_CHECKING:
    from jaxlsp.lsp.server import JaxlspServer

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
#: Fix-all over every cell of a notebook (VS Code's ``notebook.codeActionsOnSave``).
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

    def of_cell(self, uri: str) -> Notebook | None:
        owner = self._cells.get(uri)
        return self._notebooks.get(owner) if owner is not None else None

    def of_document(self, document: Document) -> Notebook | None:
        notebook = self._notebooks.get(document.uri)
        return notebook if notebook is not None and notebook.document is document else None


# ----------------------------------------------------------------------- sync


def open_notebook(ls: JaxlspServer, params: types.DidOpenNotebookDocumentParams) -> Notebook:
    item = params.notebook_document
    texts = {document.uri: document for document in params.cell_text_documents}
    cells = [_new_cell(cell, texts.get(cell.document)) for cell in item.cells]
    if (earlier := ls.notebooks.remove(item.uri)) is not None:
        clear(ls, earlier, [cell.uri for cell in earlier.cells])
    layout = layout_of(cells)
    document = ls.documents.open(item.uri, layout.module.source, item.version, "python")
    document.line_names = layout.module.line_names()
    notebook = Notebook(item.uri, cells, document, layout)
    ls.notebooks.add(notebook)
    return notebook


def change_notebook(
    ls: JaxlspServer, notebook: Notebook, params: types.DidChangeNotebookDocumentParams
) -> list[str]:
    """Apply a ``notebookDocument/didChange``; the URIs of the cells it closed."""
    closed: list[str] = []
    changes = params.change.cells
    if changes is not None:
        if changes.structure is not None:
            closed = _apply_structure(notebook, changes.structure)
            ls.notebooks.index(notebook)
        by_uri = {cell.uri: cell for cell in notebook.cells}
        for data in changes.data or ():
            if (cell := by_uri.get(data.document)) is not None:
                cell.kind = data.kind
        for content in changes.text_content or ():
            cell = by_uri.get(content.document.uri)
            if cell is None:
                ls.log(
                    types.MessageType.Warning,
                    f"jaxlsp: a change for {content.document.uri}, not a cell of {notebook.uri}",
                )
                continue
            text = cell.text
            for change in content.changes:
                range_ = (
                    change.range
                    if isinstance(change, types.TextDocumentContentChangePartial)
                    else None
                )
                text = apply_change(text, range_, change.text, ls.encoding)
            cell.set_text(text, content.document.version)
    version = params.notebook_document.version
    document = notebook.document
    layout = notebook.rebuild()
    if version <= document.version:
        ls.log(
            types.MessageType.Warning,
            f"jaxlsp: notebookDocument/didChange for {notebook.uri} goes from version "
            f"{document.version} to {version}, but versions must increase; applied, and its "
            "analyses start over",
        )
        document = ls.documents.open(notebook.uri, layout.module.source, version, "python")
        notebook.document = document
    else:
        document.update(layout.module.source, version)
    document.line_names = layout.module.line_names()
    return closed


def _new_cell(cell: types.NotebookCell, item: types.TextDocumentItem | None) -> Cell:
    if item is None:  # a cell whose text the client does not sync (markup)
        return Cell(cell.document, cell.kind, "markdown", "", 0)
    return Cell(cell.document, cell.kind, item.language_id, item.text, item.version)


def _apply_structure(
    notebook: Notebook, structure: types.NotebookDocumentCellChangeStructure
) -> list[str]:
    array = structure.array
    opened = {item.uri: item for item in structure.did_open or ()}
    new_cells = [_new_cell(cell, opened.get(cell.document)) for cell in array.cells or ()]
    start = min(max(array.start, 0), len(notebook.cells))
    removed = notebook.cells[start : start + array.delete_count]
    notebook.cells[start : start + array.delete_count] = new_cells
    kept = {cell.uri for cell in notebook.cells}
    closed = [item.uri for item in structure.did_close or ()]
    closed += [cell.uri for cell in removed if cell.uri not in closed]
    return [uri for uri in closed if uri not in kept]


def close_notebook(ls: JaxlspServer, uri: str) -> None:
    notebook = ls.notebooks.remove(uri)
    if notebook is None:
        return
    ls.documents.close(uri)
    clear(ls, notebook, [cell.uri for cell in notebook.cells])


def clear(ls: JaxlspServer, notebook: Notebook, uris: Sequence[str]) -> None:
    """Take down what was pushed for these cells (closed, removed)."""
    for uri in uris:
        notebook.published.pop(uri, None)
        if not ls.support.pull_diagnostics:
            ls.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )


# ----------------------------------------------------------------------- diagnostics


def cell_diagnostics(
    ls: JaxlspServer, notebook: Notebook, result: Checked
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
    engine = ls.engines.checking_engine()
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
            encoding=ls.encoding,
            record=engine.records.get(item.finding.record_id),
        )
        related = _related(layout, item.original, ls.encoding)
        diagnostic.related_information = related or None
        made[item.cell.uri].append(diagnostic)
    return made


def _related(
    layout: Layout, finding: Finding, encoding: Encoding
) -> list[types.DiagnosticRelatedInformation]:
    found = []
    for item in finding.related:
        if item.path is not None:
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


def publish(ls: JaxlspServer, notebook: Notebook, result: Checked) -> None:
    """Push each cell's diagnostics (those that changed since the last push)."""
    made = cell_diagnostics(ls, notebook, result)
    if made is None:
        return
    versions = {cell.uri: cell.version for cell in notebook.layout.cells}
    for uri, diagnostics in made.items():
        if notebook.published.get(uri) == (versions[uri], diagnostics):
            continue
        notebook.published[uri] = (versions[uri], diagnostics)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=versions[uri])
        )


async def pull(
    ls: JaxlspServer, notebook: Notebook, uri: str, previous_result_id: str | None
) -> types.DocumentDiagnosticReport:
    result = await ls.scheduler.current(notebook.document)
    cell = notebook.cell(uri)
    parse = "p" if result.analysis.parse_error is None else "e"
    result_id = f"{result.version}.{ls.scheduler.config_generation}.{parse}"
    if cell is None:  # markup, or not a cell any more
        return types.RelatedFullDocumentDiagnosticReport(items=[], result_id=result_id)
    if previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    made = cell_diagnostics(ls, notebook, result)
    if made is None or uri not in made:
        # does not parse: what this cell was last given stays
        last = notebook.published.get(uri)
        return types.RelatedFullDocumentDiagnosticReport(
            items=last[1] if last is not None else [], result_id=result_id
        )
    notebook.published[uri] = (cell.version, made[uri])
    return types.RelatedFullDocumentDiagnosticReport(items=made[uri], result_id=result_id)


# ----------------------------------------------------------------------- hover


async def hover(
    ls: JaxlspServer, notebook: Notebook, uri: str, position: types.Position
) -> types.Hover | None:
    result = await ls.scheduler.current(notebook.document)
    engine = await ls.engines.reading_engine()
    layout = notebook.layout
    index = layout.index_of(uri)
    if index is None or result.analysis.source != layout.module.source:
        return None
    cell = layout.cells[index]
    here = to_engine(cell.lines, position, ls.encoding)
    info: HoverInfo | None = engine.hover(result.analysis, layout.module.to_module(index, here))
    if info is None:
        return None
    contents = types.MarkupContent(kind=types.MarkupKind.Markdown, value=info.markdown)
    placed = layout.module.to_cell(info.span)
    if placed is None or placed.index != index:
        return types.Hover(contents=contents)
    return types.Hover(contents=contents, range=span_to_range(cell.lines, placed.span, ls.encoding))


# ----------------------------------------------------------------------- code actions


def _finding_for(
    ls: JaxlspServer, notebook: Notebook, uri: str, diagnostic: types.Diagnostic
) -> CellFinding | None:
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
            if data["version"] == result.version and data["key"] == convert.finding_key(
                item.finding
            ):
                return item
        elif item.finding.code == diagnostic.code and diagnostic.range == span_to_range(
            item.cell.lines, item.finding.span, ls.encoding
        ):
            return item
    return None


async def code_actions(
    ls: JaxlspServer, notebook: Notebook, params: types.CodeActionParams
) -> list[types.CodeAction]:
    uri = params.text_document.uri
    result = notebook.document.checked
    if result is None or result.version != notebook.document.version:
        return []
    only = [str(kind) for kind in params.context.only] if params.context.only else None
    actions: list[types.CodeAction] = []
    if _wants(only, types.CodeActionKind.QuickFix):
        for diagnostic in params.context.diagnostics:
            item = _finding_for(ls, notebook, uri, diagnostic)
            if item is None:
                continue
            fixes = await ls.scheduler.off_loop(_fixes, ls, notebook, result, item.original)
            for fix in fixes:
                actions.append(
                    types.CodeAction(
                        title=fix.title,
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diagnostic],
                        is_preferred=fix.kind == "quickfix" and fix is fixes[0],
                        data=_data(
                            notebook,
                            result,
                            uri,
                            key=convert.finding_key(item.original),
                            title=fix.title,
                        ),
                    )
                )
    fixable = any(item.finding.fix_titles for item in notebook.findings(result))
    if fixable and _wants(only, convert.FIX_ALL_KIND):
        actions.append(
            types.CodeAction(
                title="Fix all jaxlsp problems in this cell",
                kind=convert.FIX_ALL_KIND,
                data=_data(notebook, result, uri, fixAll="cell"),
            )
        )
    if fixable and only is not None and _wants(only, NOTEBOOK_FIX_ALL_KIND):
        actions.append(
            types.CodeAction(
                title="Fix all jaxlsp problems in this notebook",
                kind=NOTEBOOK_FIX_ALL_KIND,
                data=_data(notebook, result, uri, fixAll="notebook"),
            )
        )
    if not ls.support.resolve_edits:
        actions = [await resolve(ls, notebook, action) for action in actions]
    return actions


def _wants(only: list[str] | None, kind: str) -> bool:
    if only is None:
        return True
    return any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def _data(notebook: Notebook, result: Checked, uri: str, **extra: Any) -> dict[str, Any]:
    return {"notebook": notebook.uri, "uri": uri, "version": result.version, **extra}


def notebook_of(action: types.CodeAction) -> str | None:
    """The notebook URI a code action of ours was made for, if it was made for one."""
    data = action.data
    if isinstance(data, dict) and isinstance(data.get("notebook"), str):
        return str(data["notebook"])
    return None


def _fixes(ls: JaxlspServer, notebook: Notebook, result: Checked, finding: Finding) -> list[Fix]:
    """The finding's fixes that the cells can take (runs on the requests thread)."""
    fixes = ls.fixes_for(notebook.document, result, finding)
    module = notebook.layout.module
    return [fix for fix in fixes if module.cell_edits(fix.edits) is not None]


async def resolve(
    ls: JaxlspServer, notebook: Notebook, action: types.CodeAction
) -> types.CodeAction:
    """Fill in ``action.edit``: edits in the cells, each against the cell's version."""
    data = action.data if isinstance(action.data, dict) else {}
    uri, version = data.get("uri"), data.get("version")
    result = notebook.document.checked
    if result is None or result.version != version or result.version != notebook.document.version:
        ls.log(
            types.MessageType.Info,
            f"jaxlsp: code action {action.title!r} is for an older version of {notebook.uri}; "
            "skipped",
        )
        return action
    layout = notebook.layout
    module = layout.module
    engine = await ls.engines.reading_engine()
    edits: list[EngineEdit]
    fix_all = data.get("fixAll")
    if fix_all in ("cell", "notebook"):
        index = layout.index_of(uri) if isinstance(uri, str) else None
        settings = ls.settings_for(notebook.uri)

        def fits(fix: Fix) -> bool:
            per_cell = module.cell_edits(fix.edits)
            return per_cell is not None and (fix_all == "notebook" or set(per_cell) == {index})

        def all_fixes() -> list[EngineEdit]:
            config = ls.config_for(notebook.document, settings)
            return engine.fix_all(result.analysis.source, result.analysis, config, accept=fits)

        edits = await ls.scheduler.off_loop(all_fixes)
    else:
        key, title = data.get("key"), data.get("title")
        finding = next((f for f in result.findings if convert.finding_key(f) == key), None)
        if finding is None or not isinstance(title, str):
            return action
        fixes = await ls.scheduler.off_loop(_fixes, ls, notebook, result, finding)
        fix = convert.pick_fix(fixes, title, finding.code)
        if fix is None:
            ls.log(types.MessageType.Warning, f"jaxlsp: no fix titled {action.title!r} here")
            return action
        edits = list(fix.edits)
    per_cell = module.cell_edits(edits) or {}
    changes = []
    for index, cell_edits in sorted(per_cell.items()):
        cell = layout.cells[index]
        changes.append((cell, convert.to_text_edits(cell_edits, cell.lines, ls.encoding)))
    if ls.support.document_changes:
        action.edit = types.WorkspaceEdit(
            document_changes=[
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=cell.uri, version=cell.version
                    ),
                    edits=list(text_edits),
                )
                for cell, text_edits in changes
            ]
        )
    else:
        action.edit = types.WorkspaceEdit(
            changes={cell.uri: list(text_edits) for cell, text_edits in changes}
        )
    return action
