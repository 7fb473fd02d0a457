"""End-to-end helpers: the real ``python -m jaxlsp serve`` over stdio, driven by pytest-lsp.

``session`` starts a server with the client capabilities a test needs (push or pull
diagnostics, code-action resolve, position encodings, workspace folders, settings) and shuts it
down after.  ``RecordingClient`` keeps every notification, so a test waits for the one it wants
(an event, never a fixed sleep) without racing the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from jaxlsp.lsp.positions import apply_change
from jaxlsp.lsp.uris import path_to_uri
from jaxlsp.syntax.source import split_lines

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
SERVER = [sys.executable, "-m", "jaxlsp", "serve"]
#: Generous: the first check loads the records; CI machines are slow and shared.
TIMEOUT_S = 60.0

SYMBOLIC_ZEROS = "custom-vjp-symbolic-zeros-support-with-shard-map"
PALLAS_MESH = "pallas-call-with-a-mesh-does-not-support-jvp"

T = TypeVar("T")


class RecordingClient(LanguageClient):
    """A pytest-lsp client that also keeps every diagnostics publication and log message."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.published: list[types.PublishDiagnosticsParams] = []
        self.registrations: list[types.Registration] = []
        self.arrived = asyncio.Event()

    async def until(self, predicate: Callable[[], T | None], timeout: float = TIMEOUT_S) -> T:
        """Wait until ``predicate()`` is truthy (re-checked on every notification)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            if value := predicate():
                return value
            self.arrived.clear()
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(f"timed out waiting for {predicate}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), remaining)

    async def diagnostics_for(self, uri: str, version: int | None = None) -> list[types.Diagnostic]:
        """The diagnostics published for ``uri`` (at ``version`` when given)."""

        def found() -> tuple[list[types.Diagnostic]] | None:
            for params in reversed(self.published):
                if params.uri == uri and (version is None or params.version == version):
                    return (list(params.diagnostics),)
            return None

        (diagnostics,) = await self.until(found)
        return diagnostics


def _record_publish(client: RecordingClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)
    client.arrived.set()


def _record_log(client: RecordingClient, params: types.LogMessageParams) -> None:
    client.log_messages.append(params)
    client.arrived.set()


def _record_show(client: RecordingClient, params: types.ShowMessageParams) -> None:
    client.messages.append(params)
    client.arrived.set()


def _record_registration(client: RecordingClient, params: types.RegistrationParams) -> None:
    client.registrations.extend(params.registrations)
    client.arrived.set()


def make_client() -> RecordingClient:
    client = RecordingClient(converter_factory=default_converter)
    features = {
        **DEFAULT_CLIENT_FEATURES,
        types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: _record_publish,
        types.WINDOW_LOG_MESSAGE: _record_log,
        types.WINDOW_SHOW_MESSAGE: _record_show,
        types.CLIENT_REGISTER_CAPABILITY: _record_registration,
    }
    register_lsp_features(client, features)
    return client


def capabilities(
    *,
    pull: bool = False,
    resolve: bool = True,
    encodings: Sequence[str] | None = None,
    notebooks: bool = False,
) -> types.ClientCapabilities:
    resolve_support = types.ClientCodeActionResolveOptions(properties=["edit"]) if resolve else None
    notebook_document = (
        types.NotebookDocumentClientCapabilities(
            synchronization=types.NotebookDocumentSyncClientCapabilities()
        )
        if notebooks
        else None
    )
    return types.ClientCapabilities(
        notebook_document=notebook_document,
        window=types.WindowClientCapabilities(work_done_progress=True),
        general=types.GeneralClientCapabilities(
            position_encodings=list(encodings) if encodings else None
        ),
        workspace=types.WorkspaceClientCapabilities(
            configuration=True,
            workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True),
            diagnostics=types.DiagnosticWorkspaceClientCapabilities(refresh_support=True),
            workspace_folders=True,
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                dynamic_registration=True
            ),
        ),
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(
                content_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText]
            ),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(
                        value_set=[types.CodeActionKind.QuickFix, types.CodeActionKind.Source]
                    )
                ),
                resolve_support=resolve_support,
                data_support=True,
            ),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                related_information=True, version_support=True, data_support=True
            ),
            diagnostic=types.DiagnosticClientCapabilities() if pull else None,
        ),
    )


@dataclass
class Session:
    client: RecordingClient
    encoding: str
    #: What the server said it can do (``initialize``).
    capabilities: types.ServerCapabilities | None = None
    texts: dict[str, str] = field(default_factory=dict)
    versions: dict[str, int] = field(default_factory=dict)

    def open(self, path: Path, text: str | None = None) -> str:
        uri = path_to_uri(path)
        text = path.read_text(encoding="utf-8") if text is None else text
        self.texts[uri], self.versions[uri] = text, 1
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="python", version=1, text=text
                )
            )
        )
        return uri

    def change(self, uri: str, range_: types.Range | None, new_text: str) -> int:
        """Send one incremental (or, without a range, full) change; returns the new version."""
        self.versions[uri] += 1
        self.texts[uri] = apply_change(self.texts[uri], range_, new_text, "utf-16")
        event: types.TextDocumentContentChangeEvent = (
            types.TextDocumentContentChangePartial(range=range_, text=new_text)
            if range_ is not None
            else types.TextDocumentContentChangeWholeDocument(text=new_text)
        )
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(
                    uri=uri, version=self.versions[uri]
                ),
                content_changes=[event],
            )
        )
        return self.versions[uri]

    async def hover(self, uri: str, line: int, character: int) -> types.Hover | None:
        return await self.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=line, character=character),
            )
        )


def position_of(text: str, needle: str, *, occurrence: int = 0, offset: int = 0) -> types.Position:
    """The UTF-16 position of ``needle`` in ``text`` (the occurrence-th one), plus ``offset``."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    index += offset
    before = text[:index]
    line = before.count("\n")
    column = split_lines(text)[line][: index - (before.rfind("\n") + 1)]
    return types.Position(line=line, character=len(column.encode("utf-16-le")) // 2)


def apply_edits(text: str, edits: Sequence[types.TextEdit]) -> str:
    """Apply LSP edits the way a client does: all ranges refer to the original text."""
    ordered = sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character))
    for edit in reversed(ordered):
        text = apply_change(text, edit.range, edit.new_text, "utf-16")
    return text


def edits_of(action: types.CodeAction, uri: str) -> list[types.TextEdit]:
    assert action.edit is not None, f"code action {action.title!r} has no edit"
    edits: list[types.TextEdit] = []
    for change in action.edit.document_changes or []:
        assert isinstance(change, types.TextDocumentEdit)
        assert change.text_document.uri == uri
        edits += [e for e in change.edits if isinstance(e, types.TextEdit)]
    edits += list((action.edit.changes or {}).get(uri, []))
    return edits


@contextlib.asynccontextmanager
async def session(
    *,
    pull: bool = False,
    resolve: bool = True,
    encodings: Sequence[str] | None = None,
    settings: dict[str, Any] | None = None,
    folder_settings: dict[str, dict[str, Any]] | None = None,
    folders: Sequence[Path] = (),
    initialization_options: Any = None,
    env: dict[str, str] | None = None,
    notebooks: bool = False,
) -> AsyncIterator[Session]:
    """A started, initialized server; debounce 0 unless ``settings`` say otherwise."""
    server_env = {**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})}
    config = ClientServerConfig(
        server_command=SERVER, client_factory=make_client, server_env=server_env
    )
    client = await config.start()
    assert isinstance(client, RecordingClient)
    client.set_configuration({"jaxlsp": {"debounceMs": 0, **(settings or {})}})
    for folder_uri, values in (folder_settings or {}).items():
        client.set_configuration({"jaxlsp": {"debounceMs": 0, **values}}, scope_uri=folder_uri)
    workspace_folders = [
        types.WorkspaceFolder(uri=path_to_uri(folder), name=folder.name) for folder in folders
    ]
    result = await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities(
                pull=pull, resolve=resolve, encodings=encodings, notebooks=notebooks
            ),
            workspace_folders=workspace_folders or None,
            initialization_options=initialization_options,
        )
    )
    encoding = result.capabilities.position_encoding or "utf-16"
    try:
        yield Session(client, str(encoding), capabilities=result.capabilities)
    finally:
        await client.shutdown_session()
        await client.stop()
