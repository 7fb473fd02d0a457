"""The JSON ⇄ lsprotocol converter, with the conversions of the frequent messages built up front.

cattrs generates the function that converts an lsprotocol class the first time a value of that
class passes through it, and a code action request that carries a diagnostic, its answer and a
hover each need several of them. Left lazy, that cost lands on the user's first hover and first
code action, and it was the slowest of the benchmark's requests (their p99). Round-tripping one
sample of each message moves it off the requests: those of the start (the handshake, the
settings, the first open and its diagnostics) while the server starts, the rest
(``warm_requests``) once the first diagnostics are out, when the server has nothing to do
(done at start-up, they were a third of the warm-up and made the server slower to start).
"""

from __future__ import annotations

from collections.abc import Iterator

import cattrs
from lsprotocol import types
from pygls.protocol import default_converter

_URI = "file:///warm-up.py"


def plain_converter() -> cattrs.Converter:
    """pygls's own converter, as pygls would make it."""
    converter: cattrs.Converter = default_converter()  # type: ignore[no-untyped-call]
    return converter


def warmed_converter() -> cattrs.Converter:
    """pygls's converter, with the conversions of the start's messages already generated
    (``start_messages``); ``warm_requests`` generates the rest later."""
    converter = plain_converter()
    _round_trip(converter, list(start_messages()))
    return converter


def warm_requests(converter: cattrs.Converter) -> None:
    """Generate the conversions of the requests that follow the first diagnostics (edits,
    hovers, code actions, pulls), and again any of the start's that a registration on the way
    emptied: the server calls it once those diagnostics are out."""
    _round_trip(converter, list(sample_messages()))


def _round_trip(converter: cattrs.Converter, samples: list[tuple[object, bool]]) -> None:
    """Each sample goes only the way the server converts it (a client's message is structured,
    the server's own unstructured). Two passes: on first use cattrs registers some hooks it
    makes (for the sequences in the capabilities, for a list in a diagnostic's data), and every
    registration empties its dispatch caches. Unwarmed, the first publish did that, and the
    first hover and code action after it paid for generating again. The samples that register
    come first; the second pass generates what they emptied (a third finds all cached)."""
    for _ in range(2):
        for message, from_client in samples:
            if from_client:
                converter.structure(converter.unstructure(message), type(message))
            else:
                converter.unstructure(message)


def sample_messages() -> Iterator[tuple[object, bool]]:
    """One of each message on the hot paths, with every optional part jaxlsp fills in, and
    whether the client sends it: the start's, then the requests'."""
    yield from start_messages()
    yield from request_messages()


def start_messages() -> Iterator[tuple[object, bool]]:
    """The messages of the start, up to the first file's diagnostics (the handshake, the
    settings request and its answer, ``initialized``, ``didOpen``, the publish)."""
    diagnostic = _sample_diagnostic()
    # First what makes cattrs register hooks (each registration empties its caches, see
    # ``_round_trip``): the sequences in the server's capabilities, its settings request and
    # a diagnostic's data.
    capabilities = types.ServerCapabilities(
        position_encoding=types.PositionEncodingKind.Utf16,
        text_document_sync=types.TextDocumentSyncOptions(
            open_close=True,
            change=types.TextDocumentSyncKind.Incremental,
            save=types.SaveOptions(include_text=False),
        ),
        hover_provider=True,
        code_action_provider=types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix], resolve_provider=True
        ),
        execute_command_provider=types.ExecuteCommandOptions(commands=["sample"]),
        diagnostic_provider=types.DiagnosticOptions(
            inter_file_dependencies=False, workspace_diagnostics=False, identifier="sample"
        ),
        workspace=types.WorkspaceOptions(
            workspace_folders=types.WorkspaceFoldersServerCapabilities(supported=True),
            file_operations=types.FileOperationOptions(),
        ),
    )
    yield types.InitializeResponse(id=0, result=types.InitializeResult(capabilities)), False
    yield (
        types.ConfigurationRequest(
            id=0,
            params=types.ConfigurationParams(
                items=[types.ConfigurationItem(scope_uri=_URI, section="jaxlsp")]
            ),
        ),
        False,
    )
    # the client's answer, structured on the loop while the first didOpen waits behind it:
    # generated on first use, 3.1 M instructions of the server's cold open
    yield types.ConfigurationResponse(id=0, result=[{"enabled": True}]), True
    yield (
        types.PublishDiagnosticsNotification(
            params=types.PublishDiagnosticsParams(uri=_URI, diagnostics=[diagnostic], version=1)
        ),
        False,
    )
    # the client's first notification: generated on first use, it was 6.7 M instructions (1 %)
    # of the server's cold open, spent on the loop before the didOpen behind it was read
    yield types.InitializedNotification(params=types.InitializedParams()), True
    yield (
        types.DidOpenTextDocumentNotification(
            params=types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=_URI, language_id="python", version=1, text="x"
                )
            )
        ),
        True,
    )


def request_messages() -> Iterator[tuple[object, bool]]:
    """The messages that follow the first diagnostics: edits, hovers, code actions, pulls."""
    document = types.TextDocumentIdentifier(uri=_URI)
    where = _sample_range()
    diagnostic = _sample_diagnostic()
    action = types.CodeAction(
        title="sample",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        is_preferred=True,
        data={"uri": _URI, "version": 1},
    )
    edit = types.TextEdit(range=where, new_text="x")
    resolved = types.CodeAction(
        title="sample",
        kind=types.CodeActionKind.QuickFix,
        edit=types.WorkspaceEdit(
            changes={_URI: [edit]},
            document_changes=[
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=_URI, version=1
                    ),
                    edits=[edit],
                )
            ],
        ),
    )
    yield (
        types.DidChangeTextDocumentNotification(
            params=types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=_URI, version=2),
                content_changes=[types.TextDocumentContentChangePartial(range=where, text="y")],
            )
        ),
        True,
    )
    yield (
        types.HoverRequest(
            id=1, params=types.HoverParams(text_document=document, position=where.start)
        ),
        True,
    )
    yield (
        types.HoverResponse(
            id=1,
            result=types.Hover(
                contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="sample"),
                range=where,
            ),
        ),
        False,
    )
    yield (
        types.CodeActionRequest(
            id=2,
            params=types.CodeActionParams(
                text_document=document,
                range=where,
                context=types.CodeActionContext(
                    diagnostics=[diagnostic], trigger_kind=types.CodeActionTriggerKind.Invoked
                ),
            ),
        ),
        True,
    )
    yield types.CodeActionResponse(id=2, result=[action]), False
    yield types.CodeActionResolveRequest(id=3, params=action), True
    yield types.CodeActionResolveResponse(id=3, result=resolved), False
    yield (
        types.DocumentDiagnosticRequest(
            id=4, params=types.DocumentDiagnosticParams(text_document=document)
        ),
        True,
    )
    yield (
        types.DocumentDiagnosticResponse(
            id=4,
            result=types.RelatedFullDocumentDiagnosticReport(items=[diagnostic], result_id="1"),
        ),
        False,
    )


def _sample_range() -> types.Range:
    return types.Range(
        start=types.Position(line=0, character=0), end=types.Position(line=0, character=1)
    )


def _sample_diagnostic() -> types.Diagnostic:
    """A diagnostic with every part jaxlsp fills in."""
    where = _sample_range()
    return types.Diagnostic(
        range=where,
        message="sample",
        severity=types.DiagnosticSeverity.Error,
        code="sample",
        code_description=types.CodeDescription(href="https://example.invalid/"),
        source="jaxlsp",
        related_information=[
            types.DiagnosticRelatedInformation(
                location=types.Location(uri=_URI, range=where), message="sample"
            )
        ],
        # the shape of ``convert.DiagnosticData``: a list value makes cattrs register a hook
        data={"uri": _URI, "version": 1, "key": "k", "rule": "r", "fixTitles": ["sample"]},
    )
