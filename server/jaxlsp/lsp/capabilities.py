"""What the client said it can do, read once at ``initialize``."""

from __future__ import annotations

from dataclasses import dataclass

from lsprotocol import types
from pygls.capabilities import ServerCapabilitiesBuilder

from jaxlsp.lsp.positions import Encoding


@dataclass(frozen=True)
class ClientSupport:
    """The client capabilities the server acts on."""

    pull_diagnostics: bool = False
    resolve_edits: bool = False
    document_changes: bool = False
    configuration: bool = False
    diagnostic_refresh: bool = False
    watch_files: bool = False
    work_done_progress: bool = False
    inlay_hint_refresh: bool = False


def negotiated_encoding(capabilities: types.ClientCapabilities) -> Encoding:
    """The encoding pygls announces (it picks; we must count in the same units)."""
    chosen = ServerCapabilitiesBuilder.choose_position_encoding(capabilities)
    if chosen == types.PositionEncodingKind.Utf8:
        return "utf-8"
    if chosen == types.PositionEncodingKind.Utf32:
        return "utf-32"
    return "utf-16"


def client_support(capabilities: types.ClientCapabilities) -> ClientSupport:
    text = capabilities.text_document
    workspace = capabilities.workspace
    action = text.code_action if text is not None else None
    resolve = action.resolve_support if action is not None else None
    edit = workspace.workspace_edit if workspace is not None else None
    refresh = workspace.diagnostics if workspace is not None else None
    watched = workspace.did_change_watched_files if workspace is not None else None
    window = capabilities.window
    hints = workspace.inlay_hint if workspace is not None else None
    return ClientSupport(
        pull_diagnostics=text is not None and text.diagnostic is not None,
        resolve_edits=resolve is not None and "edit" in resolve.properties,
        document_changes=bool(edit is not None and edit.document_changes),
        configuration=bool(workspace is not None and workspace.configuration),
        diagnostic_refresh=bool(refresh is not None and refresh.refresh_support),
        watch_files=bool(watched is not None and watched.dynamic_registration),
        work_done_progress=bool(window is not None and window.work_done_progress),
        inlay_hint_refresh=bool(hints is not None and hints.refresh_support),
    )


__all__ = ["ClientSupport", "client_support", "negotiated_encoding"]
