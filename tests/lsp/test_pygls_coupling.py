"""What jaxlsp takes from pygls beyond its public API, pinned: ``lsp/stdio.py`` copies pygls's
message loop and start-up (``pygls.io_.run_async``, ``start_io``) and sets the server's stop
event, ``lsp/server.py`` overrides ``_execute_handler`` and ``_send_response`` and reads
``_request_futures``, ``_result_types`` and ``_shutdown``.  A pygls release that renames one, or
changes the code that was copied or overridden, fails here: compare it with ours, adapt, then
update the digests (and ``pyproject.toml``'s pygls range, the versions this test passed on)."""

from __future__ import annotations

import hashlib
import importlib.metadata
import inspect
import tomllib
from typing import Any

import pygls.io_
from packaging.requirements import Requirement
from pygls.lsp.server import LanguageServer
from pygls.protocol.json_rpc import JsonRPCProtocol

from jaxlsp.lsp.server import JaxlspProtocol, JaxlspServer
from tests.conftest import REPO

#: The first 16 hex digits of the SHA-256 of each pygls function's source, as in pygls 2.1.1.
COPIED_OR_OVERRIDDEN = {
    "pygls.io_.run_async": (pygls.io_.run_async, "f488270939ce916b"),
    "LanguageServer.start_io": (LanguageServer.start_io, "ebeccd50e33f7537"),
    "JsonRPCProtocol._execute_handler": (JsonRPCProtocol._execute_handler, "d08c9ac9995fc571"),
    "JsonRPCProtocol._send_response": (JsonRPCProtocol._send_response, "b799bb966ca7ebb1"),
    "JsonRPCProtocol.handle_message": (JsonRPCProtocol.handle_message, "d46f22474082c0cf"),
}


def test_the_installed_pygls_is_in_the_pinned_range() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    (pin,) = [
        Requirement(spec)
        for spec in pyproject["project"]["dependencies"]
        if Requirement(spec).name == "pygls"
    ]
    installed = importlib.metadata.version("pygls")
    assert pin.specifier.contains(installed), f"pygls {installed} is outside {pin.specifier}"
    assert not pin.specifier.contains("3.0"), "a new major pygls is not tested"


def test_the_pygls_code_jaxlsp_copies_or_overrides_is_unchanged() -> None:
    changed = {
        name: hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]
        for name, (function, digest) in COPIED_OR_OVERRIDDEN.items()
        if hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16] != digest
    }
    assert changed == {}, f"pygls changed what jaxlsp copies or overrides: {changed}"


def _parameters(function: Any) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_the_private_names_jaxlsp_uses_are_there() -> None:
    assert _parameters(JsonRPCProtocol._execute_handler) == [
        "self",
        "msg_id",
        "handler",
        "callback",
        "args",
        "kwargs",
    ]
    assert _parameters(JsonRPCProtocol._send_response) == ["self", "msg_id", "result", "error"]
    server = JaxlspServer()
    protocol = server.protocol
    assert isinstance(protocol, JaxlspProtocol)
    assert isinstance(protocol._request_futures, dict)
    assert isinstance(protocol._result_types, dict)
    assert protocol._shutdown is False
    assert hasattr(server, "_stop_event")  # stdio.py replaces it; pygls's exit sets it
    assert callable(server.report_server_error) and server.thread_pool is not None
