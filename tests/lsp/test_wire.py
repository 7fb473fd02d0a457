"""The server's converter arrives with the hot messages' conversions generated (``lsp.wire``).

cattrs generates the conversion for a type by compiling source it writes (named
``<cattrs generated ...>``), and generates again whatever it had cached whenever it registers a
hook on the way (a list in a diagnostic's data does). Counting those compilations tells whether
a message paid the slow first use that the warm-up exists to move off requests.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

import cattrs
import pytest
from lsprotocol import types

from jaxlsp.findings import HoverInfo, Span
from jaxlsp.lsp import convert
from jaxlsp.lsp.wire import plain_converter, sample_messages, warm_requests, warmed_converter
from tests.lsp.test_convert import LINES
from tests.lsp.test_convert import finding as a_finding

URI = "file:///project/model.py"


#: The start-up answer jaxlsp sends (captured from the server), made with another converter.
CAPABILITIES = {
    "positionEncoding": "utf-16",
    "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": False}},
    "hoverProvider": True,
    "codeActionProvider": {
        "codeActionKinds": ["quickfix", "source.fixAll.jaxlsp"],
        "resolveProvider": True,
    },
    "executeCommandProvider": {"commands": ["jaxlsp.explain"]},
    "diagnosticProvider": {
        "interFileDependencies": False,
        "workspaceDiagnostics": False,
        "identifier": "jaxlsp",
    },
    "workspace": {
        "workspaceFolders": {"supported": True, "changeNotifications": True},
        "fileOperations": {},
    },
}


@pytest.fixture
def generated(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the conversion functions cattrs compiles while the test runs."""
    names: list[str] = []
    compile_ = builtins.compile

    def counting(source: Any, filename: Any, *args: Any, **kwargs: Any) -> Any:
        if str(filename).startswith("<cattrs generated"):
            names.append(str(filename))
        return compile_(source, filename, *args, **kwargs)

    monkeypatch.setattr(builtins, "compile", counting)
    return names


def a_session(converter: cattrs.Converter, started: types.InitializeResult) -> None:
    """What a client and jaxlsp exchange: the start-up answer, the client's ``initialized``
    the settings request and its answer, real diagnostics, a code action, a hover."""
    sent = a_start(converter, started)
    its_requests(converter, sent)


def a_start(converter: cattrs.Converter, started: types.InitializeResult) -> dict[str, Any]:
    """The start of a session, up to the first diagnostics (returned as sent)."""
    converter.unstructure(types.InitializeResponse(id=0, result=started))
    initialized = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
    converter.structure(initialized, types.InitializedNotification)
    settings = types.ConfigurationParams(
        items=[types.ConfigurationItem(scope_uri=URI, section="jaxlsp")]
    )
    converter.unstructure(types.ConfigurationRequest(id=1, params=settings))
    answer = {"jsonrpc": "2.0", "id": 1, "result": [{"pallas": {"backend": "tpu"}}]}
    converter.structure(answer, types.ConfigurationResponse)
    lines = LINES
    finding = a_finding()  # one with related locations and a fix, as the rules make
    diagnostic = convert.to_diagnostic(
        finding, uri=URI, version=3, lines=lines, encoding="utf-16", record=None
    )
    published = types.PublishDiagnosticsParams(uri=URI, diagnostics=[diagnostic], version=3)
    sent: dict[str, Any] = converter.unstructure(
        types.PublishDiagnosticsNotification(params=published)
    )
    return sent


def its_requests(converter: cattrs.Converter, sent: dict[str, Any]) -> None:
    """What follows the diagnostics ``sent``: a code action on one of them, a hover."""
    request = {
        "jsonrpc": "2.0",
        "id": 7,
        "method": "textDocument/codeAction",
        "params": {
            "textDocument": {"uri": URI},
            "range": sent["params"]["diagnostics"][0]["range"],
            "context": {"diagnostics": sent["params"]["diagnostics"], "triggerKind": 1},
        },
    }
    received = converter.structure(request, types.CodeActionRequest)
    action = types.CodeAction(
        title="Drop symbolic_zeros",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=received.params.context.diagnostics,
        is_preferred=True,
        data={"uri": URI, "version": 3, "key": "k", "title": "Drop symbolic_zeros"},
    )
    converter.unstructure(types.CodeActionResponse(id=7, result=[action]))
    hover_request = {
        "jsonrpc": "2.0",
        "id": 8,
        "method": "textDocument/hover",
        "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 5}},
    }
    converter.structure(hover_request, types.HoverRequest)
    info = HoverInfo(Span.of(0, 4, 0, 8), "**`jax.shard_map`**", "jax.shard_map", ())
    hover = convert.to_hover(info, LINES, "utf-16")
    converter.unstructure(types.HoverResponse(id=8, result=hover))


def fully_warmed() -> cattrs.Converter:
    """The converter as the server has it once its first diagnostics are out."""
    converter = warmed_converter()
    warm_requests(converter)
    return converter


@pytest.mark.parametrize(("make", "generates"), [(plain_converter, True), (fully_warmed, False)])
def test_a_session_after_the_warm_up_generates_no_conversion(
    make: Callable[[], cattrs.Converter], generates: bool, generated: list[str]
) -> None:
    started = plain_converter().structure({"capabilities": CAPABILITIES}, types.InitializeResult)
    converter = make()
    generated.clear()
    a_session(converter, started)
    assert bool(generated) is generates, generated


def test_the_samples_are_well_formed_messages() -> None:
    """Each sample survives JSON → lsprotocol → JSON unchanged, so it exercises what a real
    message of its kind does."""
    converter = plain_converter()
    for message, _ in sample_messages():
        wire = converter.unstructure(message)
        assert wire["jsonrpc"] == "2.0"
        assert converter.unstructure(converter.structure(wire, type(message))) == wire


def test_the_start_is_warm_at_once_and_the_requests_after_the_first_diagnostics(
    generated: list[str],
) -> None:
    """The start-up warms only the start (a third of the warm-up is left for later, off the
    server's start): its messages generate nothing, the requests' still do until
    ``warm_requests`` has run."""
    started = plain_converter().structure({"capabilities": CAPABILITIES}, types.InitializeResult)
    converter = warmed_converter()
    generated.clear()
    sent = a_start(converter, started)
    assert generated == []
    its_requests(converter, sent)
    assert generated

    converter = warmed_converter()
    sent = a_start(converter, started)
    warm_requests(converter)
    generated.clear()
    its_requests(converter, sent)
    assert generated == []


@pytest.mark.parametrize("pushed", [True, False])
def test_the_server_warms_the_requests_once_its_first_diagnostics_are_out(
    pushed: bool, generated: list[str]
) -> None:
    import asyncio

    from jaxlsp.engine import Engine
    from jaxlsp.lsp.server import JaxlspServer

    started = plain_converter().structure({"capabilities": CAPABILITIES}, types.InitializeResult)
    sent = a_start(plain_converter(), started)  # JSON, as any converter sends it
    server = JaxlspServer(lambda records: Engine(records))
    server.publish = lambda *args, **kwargs: None  # type: ignore[method-assign]

    async def scenario() -> None:
        server.scheduler.settings_ready.set()
        document = server.documents.open("file:///tmp/warm.py", "import jax\n", 1, "python")
        if pushed:
            server.scheduler.schedule(document, 0)
            assert document.push is not None
            await document.push
        await asyncio.sleep(0)  # the loop's next turn

    try:
        asyncio.run(scenario())
    finally:
        server.stop_workers()
    generated.clear()
    its_requests(server.converter, sent)
    assert bool(generated) is not pushed, generated
