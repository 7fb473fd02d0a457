"""Big messages against the real ``python -m jaxlsp serve``, over raw pipes.

A client sends a big file's text in one ``didOpen`` (or ``didChange``), and the request it
sends next waits behind it.  The body is decoded as it arrives, on the reader's thread
(``jaxlsp.lsp.bodies``): the event loop never decodes it, and what it decodes is exactly the
text sent, whatever it holds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from jaxlsp.lsp.uris import path_to_uri
from tests.conftest import REPO
from tests.reliability import with_decode_watch
from tests.reliability.rawlsp import running_server

SOURCE = (REPO / "tests" / "reproducers" / "custom_vjp_symbolic_zeros_shard_map.py").read_text(
    "utf-8"
)
CODE = "custom-vjp-symbolic-zeros-support-with-shard-map"
NO_DEBOUNCE = {"jaxlsp": {"debounceMs": 0}}
WATCHED = [sys.executable, str(Path(with_decode_watch.__file__)), "serve"]
#: Lines a big file is padded with: quotes, backslashes, tabs, CRLF, 2-, 3- and 4-byte UTF-8.
PADDING = '# a "quoted" \\path\\ /x\tté € 😀\r\n'


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    (folder / ".git").mkdir()
    return folder


def _hover(uri: str, line: int, character: int) -> dict[str, object]:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


def test_a_big_file_is_read_exactly_and_never_decoded_on_the_event_loop(workspace: Path) -> None:
    padding_lines = 12_000  # about 400 KiB: many pieces through the pipe
    text = PADDING * padding_lines + SOURCE
    with running_server(workspace, argv=WATCHED) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        small_uri = path_to_uri(workspace / "small.py")
        server.open(small_uri, SOURCE)
        [small] = server.diagnostics(small_uri, 1)
        big_uri = path_to_uri(workspace / "big.py")
        for ascii_only in (False, True):  # emoji as UTF-8, then as escaped surrogate pairs
            server.send_bytes(
                b"Content-Length: %d\r\n\r\n" % len(body := _did_open(big_uri, text, ascii_only))
                + body
            )
            [big] = server.diagnostics(big_uri, 1)
            assert big["code"] == CODE == small["code"]
            for end in ("start", "end"):
                assert big["range"][end]["line"] == small["range"][end]["line"] + padding_lines
                assert big["range"][end]["character"] == small["range"][end]["character"]
            where = big["range"]["start"]
            hover = server.call(
                "textDocument/hover", _hover(big_uri, where["line"], 1 + where["character"])
            )
            assert CODE in json.dumps(hover["result"])
            server.notify("textDocument/didClose", {"textDocument": {"uri": big_uri}})
        assert server.close() == 0, server.stderr()
    assert with_decode_watch.REPORT not in server.stderr(), server.stderr()[-2000:]


def _did_open(uri: str, text: str, ascii_only: bool) -> bytes:
    message = {
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": {
            "textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}
        },
    }
    return json.dumps(message, ensure_ascii=ascii_only).encode("utf-8")


def test_a_big_body_that_does_not_parse_is_logged_and_the_stream_goes_on(workspace: Path) -> None:
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "after.py")
        broken = (
            b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": "' + b"x" * 300_000
        )
        server.send_bytes(b"Content-Length: %d\r\n\r\n" % len(broken) + broken)
        server.open(uri, SOURCE)
        assert [d["code"] for d in server.diagnostics(uri, 1)] == [CODE]
        assert server.close() == 0, server.stderr()
    assert "Unable to handle message" in server.stderr()
