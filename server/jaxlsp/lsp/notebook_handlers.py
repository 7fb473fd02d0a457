"""The ``notebookDocument/*`` handlers: keep the notebooks' cells and schedule their analyses.

Registered by ``jaxlsp.lsp.handlers.register``; requests on a cell (hover, code actions, pulled
diagnostics) are answered by ``jaxlsp.lsp.notebooks`` when ``handlers`` finds the cell's
notebook.
"""

from __future__ import annotations

from lsprotocol import types

from jaxlsp.lsp import notebooks
from jaxlsp.lsp.server import JaxlspServer, edge


def register(ls: JaxlspServer) -> None:
    ls.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)(did_open_notebook)
    ls.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)(did_change_notebook)
    ls.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)(did_save_notebook)
    ls.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)(did_close_notebook)


@edge()
async def did_open_notebook(ls: JaxlspServer, params: types.DidOpenNotebookDocumentParams) -> None:
    notebook = notebooks.open_notebook(ls, params)
    ls.scheduler.schedule(notebook.document, 0)
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
    closed = notebooks.change_notebook(ls, notebook, params)
    notebooks.clear(ls, notebook, closed)
    ls.scheduler.schedule(notebook.document, ls.settings_for(uri).debounce_ms / 1000)
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
    notebooks.close_notebook(ls, params.notebook_document.uri)
