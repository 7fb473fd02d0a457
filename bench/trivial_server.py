"""The floor for a pygls server: the same framework as jaxlsp, doing no analysis at all.

It answers hover with a constant, code actions with an empty list, and publishes empty
diagnostics on open and change, so every jaxlsp latency has a "framework only" reference measured
in the same run on the same machine. Run it as ``python -m bench.trivial_server`` (stdio).
"""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

server = LanguageServer(
    "bench-trivial", "1.0", text_document_sync_kind=types.TextDocumentSyncKind.Incremental
)

CONSTANT_HOVER = types.Hover(
    contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="**constant** hover")
)


def _publish_empty(uri: str, version: int | None) -> None:
    server.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=[])
    )


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    _publish_empty(params.text_document.uri, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    _publish_empty(params.text_document.uri, params.text_document.version)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover:
    return CONSTANT_HOVER


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION)
def code_action(ls: LanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    return []


if __name__ == "__main__":
    server.start_io()
