"""A message cut in two across the server's recycle, over raw pipes.

The server re-executes itself only with its stdin reader at a message boundary
(``jaxlsp.lsp.recycle``): bytes it has read of the next message but not handed on (a header
line not yet complete) go to the new process, which reads them first; while a header line has
been handed on and its body has not come, it waits.  Either way the request is answered.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from bench.generate import generate

from jaxlsp.lsp.uris import path_to_uri
from tests.reliability.rawlsp import RawServer, encode, running_server

SERVER = [sys.executable, "-m", "jaxlsp", "serve", "--log-level", "debug"]
SETTINGS = {"jaxlsp": {"debounceMs": 0, "recycleRatio": 1, "recycleMinMiB": 0}}

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="recycles only on Linux")


def _logged(server: RawServer, text: str) -> int:
    return sum(text in m["params"]["message"] for m in server.notifications("window/logMessage"))


def _until_stderr_says(server: RawServer, text: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in server.stderr():
        assert time.monotonic() < deadline, f"the server never logged {text!r}: {server.summary()}"
        time.sleep(0.05)


def _open_and_close(server: RawServer, folder: Path, count: int, seed: int) -> None:
    uris = [path_to_uri(folder / f"doc_{seed}_{n}.py") for n in range(count)]
    for n, uri in enumerate(uris):
        server.open(uri, generate(300, seed=seed + n))
    for uri in uris:
        server.diagnostics(uri, 1)
    for uri in uris:
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def _hover_params(uri: str) -> dict[str, object]:
    return {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}


def _hover(request_id: int, uri: str) -> bytes:
    params = _hover_params(uri)
    return encode(
        {"jsonrpc": "2.0", "id": request_id, "method": "textDocument/hover", "params": params}
    )


def test_a_message_cut_in_two_across_the_recycle_is_answered(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    with running_server(tmp_path, argv=SERVER) as server:
        server.initialize(initializationOptions=SETTINGS)
        kept = path_to_uri(tmp_path / "kept.py")
        server.open(kept, generate(100, seed=1))
        server.diagnostics(kept, 1)

        # A header line handed on, its body not sent: no boundary, so no recycle meanwhile.
        _open_and_close(server, tmp_path, 10, seed=100)
        first = _hover(900001, kept)
        cut = first.index(b"\r\n") + 2
        server.send_bytes(first[:cut])
        _until_stderr_says(server, "recycle put off: a message is being read")
        assert _logged(server, "recycling the server process") == 0
        server.send_bytes(first[cut:])
        assert "error" not in server.response(900001)
        server.wait_for(lambda m: "recycled the server process" in str(m.get("params")))

        # Part of a header line read but not handed on: carried to the next process.
        _open_and_close(server, tmp_path, 10, seed=200)
        second = _hover(900002, kept)
        server.send_bytes(second[:10])  # "Content-Le"
        server.wait_for(lambda _: _logged(server, "recycled the server process") == 2)
        server.send_bytes(second[10:])
        assert "error" not in server.response(900002)
        assert _logged(server, "recycling the server process") == 2
        assert server.close() == 0


def test_a_new_process_that_lost_the_state_says_so_and_still_answers(tmp_path: Path) -> None:
    argv = [*SERVER, "--restore", str(tmp_path / "gone.json")]
    with running_server(tmp_path, argv=argv) as server:
        shown = server.wait_for(lambda m: m.get("method") == "window/showMessage")
        assert "lost the session" in shown["params"]["message"]
        assert "Restart the language server" in shown["params"]["message"]
        unknown = path_to_uri(tmp_path / "was_open.py")
        answer = server.call("textDocument/hover", _hover_params(unknown))
        assert answer.get("result") is None and "error" not in answer
        reopened = path_to_uri(tmp_path / "reopened.py")
        server.open(reopened, "import jax\n")
        server.diagnostics(reopened, 1)
        assert server.close() == 0
