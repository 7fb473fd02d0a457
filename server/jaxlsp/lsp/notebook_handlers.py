"""The notebooks' side of the protocol: ``notebookDocument/*``, and requests on a cell.

Registered by ``jaxlsp.lsp.handlers.register``, which also hands a request on a cell's URI
(hover, code actions, pulled diagnostics, a code action to resolve) to the functions here.  The
cells and their mapping are ``jaxlsp.lsp.notebooks``'; this module only answers with them.
Quick fixes are computed when offered (the file handlers compute them on resolve): one whose
edits would cross cells or rewrite masked IPython syntax is not offered.  ``source.fixAll``
fixes the cell it is asked for; ``notebook.source.fixAll.jaxlsp`` (VS Code asks its first cell
for it) fixes every cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lsprotocol import types

from jaxlsp.engine import FixAll
from jaxlsp.findings import Finding, Fix, HoverInfo
from jaxlsp.findings import TextEdit as EngineEdit
from jaxlsp.lsp import convert, notebooks
from jaxlsp.lsp.documents import Checked
from jaxlsp.lsp.notebooks import Notebook
from jaxlsp.lsp.positions import span_to_range, to_engine
from jaxlsp.lsp.server import JaxlspServer, edge


def register(ls: JaxlspServer) -> None:
    ls.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)(did_open_notebook)
    ls.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)(did_change_notebook)
    ls.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)(did_save_notebook)
    ls.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)(did_close_notebook)


# ----------------------------------------------------------------------- sync


@edge()
async def did_open_notebook(ls: JaxlspServer, params: types.DidOpenNotebookDocumentParams) -> None:
    item = params.notebook_document
    texts = {document.uri: document for document in params.cell_text_documents}
    cells = [notebooks.new_cell(cell, texts.get(cell.document)) for cell in item.cells]
    if (earlier := ls.notebooks.remove(item.uri)) is not None:
        clear(ls, earlier, [cell.uri for cell in earlier.cells])
    layout = notebooks.layout_of(cells)
    # The module's versions are the server's own count of changes: VS Code leaves a notebook's
    # version as it is when only a cell's text changes (the cell's version says it).
    document = ls.documents.open(item.uri, layout.module.source, 1, "python")
    document.line_names = layout.module.line_names()
    notebook = Notebook(item.uri, cells, document, layout)
    ls.notebooks.add(notebook)
    ls.scheduler.schedule(document, 0)
    ls.refresh_pulled_diagnostics()


@edge()
async def did_change_notebook(
    ls: JaxlspServer, params: types.DidChangeNotebookDocumentParams
) -> None:
    uri = params.notebook_document.uri
    notebook = ls.notebooks.get(uri)
    if notebook is None:
        ls.log(types.MessageType.Warning, f"jaxlsp: notebook didChange for {uri}, not open")
        return
    if (changes := params.change.cells) is not None:
        applied = notebooks.apply_cell_changes(notebook, changes, ls.encoding)
        ls.notebooks.index(notebook)
        for unknown in applied.unknown:
            ls.log(
                types.MessageType.Warning,
                f"jaxlsp: a change for {unknown}, not a cell of {uri}; skipped",
            )
        clear(ls, notebook, applied.closed)
    layout = notebook.rebuild()
    document = notebook.document
    document.update(layout.module.source, document.version + 1)
    document.line_names = layout.module.line_names()
    ls.scheduler.schedule(document, ls.settings_for(uri).debounce_ms / 1000)
    # A cell's diagnostics depend on the cells before it: pull clients pull them all again.
    ls.refresh_pulled_diagnostics()


@edge()
async def did_save_notebook(ls: JaxlspServer, params: types.DidSaveNotebookDocumentParams) -> None:
    notebook = ls.notebooks.get(params.notebook_document.uri)
    if notebook is not None:
        ls.scheduler.schedule(notebook.document, 0)


@edge()
async def did_close_notebook(
    ls: JaxlspServer, params: types.DidCloseNotebookDocumentParams
) -> None:
    uri = params.notebook_document.uri
    notebook = ls.notebooks.remove(uri)
    if notebook is not None:
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


# ----------------------------------------------------------------------- diagnostics (pull)


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
    records = ls.engines.checking_engine().records
    made = notebooks.cell_diagnostics(notebook, result, records, ls.encoding)
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


async def code_actions(
    ls: JaxlspServer, notebook: Notebook, params: types.CodeActionParams
) -> list[types.CodeAction]:
    uri = params.text_document.uri
    result = notebook.document.checked
    if result is None or result.version != notebook.document.version:
        return []
    only = [str(kind) for kind in params.context.only] if params.context.only else None
    actions: list[types.CodeAction] = []
    if convert.wants(only, types.CodeActionKind.QuickFix):
        for diagnostic in params.context.diagnostics:
            item = notebooks.finding_for(notebook, uri, diagnostic, ls.encoding)
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
    if fixable and convert.wants(only, convert.FIX_ALL_KIND):
        actions.append(
            types.CodeAction(
                title="Fix all jaxlsp problems in this cell",
                kind=convert.FIX_ALL_KIND,
                data=_data(notebook, result, uri, fixAll="cell"),
            )
        )
    if fixable and only is not None and convert.wants(only, notebooks.NOTEBOOK_FIX_ALL_KIND):
        actions.append(
            types.CodeAction(
                title="Fix all jaxlsp problems in this notebook",
                kind=notebooks.NOTEBOOK_FIX_ALL_KIND,
                data=_data(notebook, result, uri, fixAll="notebook"),
            )
        )
    if not ls.support.resolve_edits:
        actions = [await resolve(ls, notebook, action) for action in actions]
    return actions


def _data(notebook: Notebook, result: Checked, uri: str, **extra: Any) -> dict[str, Any]:
    return {"notebook": notebook.uri, "uri": uri, "version": result.version, **extra}


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

        def all_fixes() -> FixAll:
            config = ls.config_for(notebook.document, settings)
            return engine.fix_all(
                result.analysis.source,
                result.analysis,
                config,
                unsafe=settings.unsafe_fixes,
                accept=fits,
            )

        fixed = await ls.scheduler.off_loop(all_fixes)
        edits = fixed.edits
        ls.log_left_out(notebook.uri, fixed.held_back)
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
