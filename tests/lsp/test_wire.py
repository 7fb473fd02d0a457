"""The server's converter arrives with the hot messages' conversions generated (``lsp.wire``).

cattrs looks up (and on a miss, generates) the conversion for each type through a cached
dispatch per direction; a miss after the warm-up is the slow first use the warm-up exists to
move off requests. (The dispatch caches are cattrs internals, read here only to count misses.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cattrs
import pytest
from lsprotocol import types

from jaxlsp.findings import HoverInfo, Span
from jaxlsp.lsp import convert
from jaxlsp.lsp.wire import plain_converter, sample_messages, warmed_converter
from tests.lsp.test_convert import LINES
from tests.lsp.test_convert import finding as a_finding

URI = "file:///project/model.py"


def dispatch_misses(converter: cattrs.Converter) -> int:
    misses = 0
    for direction in (converter._structure_func, converter._unstructure_func):
        lookup: Any = direction.dispatch  # a functools.lru_cache over the hook factories
        misses += lookup.cache_info().misses
    return misses


def a_session(converter: cattrs.Converter) -> None:
    """What a client and jaxlsp exchange: real diagnostics, a hover, a code action."""
    lines = LINES
    finding = a_finding()  # one with related locations and a fix, as the rules make
    diagnostic = convert.to_diagnostic(
        finding, uri=URI, version=3, lines=lines, encoding="utf-16", record=None
    )
    published = types.PublishDiagnosticsParams(uri=URI, diagnostics=[diagnostic], version=3)
    sent = converter.unstructure(types.PublishDiagnosticsNotification(params=published))
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
    hover = convert.to_hover(info, lines, "utf-16")
    converter.unstructure(types.HoverResponse(id=8, result=hover))


@pytest.mark.parametrize(
    ("make", "generates"), [(plain_converter, True), (warmed_converter, False)]
)
def test_a_session_after_the_warm_up_generates_no_conversion(
    make: Callable[[], cattrs.Converter], generates: bool
) -> None:
    converter = make()
    before = dispatch_misses(converter)
    a_session(converter)
    assert (dispatch_misses(converter) > before) is generates


def test_the_samples_are_well_formed_messages() -> None:
    """Each sample survives JSON → lsprotocol → JSON unchanged, so it exercises what a real
    message of its kind does."""
    converter = plain_converter()
    for message, _ in sample_messages():
        wire = converter.unstructure(message)
        assert wire["jsonrpc"] == "2.0"
        assert converter.unstructure(converter.structure(wire, type(message))) == wire
