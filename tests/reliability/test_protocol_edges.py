"""The protocol's edges against the real ``python -m jaxlsp serve``, over raw pipes.

A header announcing a body larger than any sane message, requests after ``shutdown``, a
``didChange`` whose version goes backwards, and analyses that must stop because their document
closed or changed.  The server must never crash or hang: it answers what it can, logs what it
refused, and goes on.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from jaxlsp.lsp.stdio import MAX_HEADER_LINE_BYTES, MAX_MESSAGE_BYTES
from jaxlsp.lsp.uris import path_to_uri
from tests.conftest import REPO
from tests.reliability import with_slow_analysis
from tests.reliability.rawlsp import RawServer, encode, running_server

SOURCE = (REPO / "tests" / "reproducers" / "custom_vjp_symbolic_zeros_shard_map.py").read_text(
    "utf-8"
)
CODE = "custom-vjp-symbolic-zeros-support-with-shard-map"
NO_DEBOUNCE = {"jaxlsp": {"debounceMs": 0}}
SLOW = [sys.executable, str(Path(with_slow_analysis.__file__)), "serve"]
INVALID_REQUEST = -32600


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("edges")
    (folder / ".git").mkdir()
    return folder


@pytest.fixture(scope="module")
def shared(workspace: Path) -> Iterator[tuple[RawServer, str]]:
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "edges.py")
        server.open(uri, SOURCE)
        assert [d["code"] for d in server.diagnostics(uri, 1)] == [CODE]
        yield server, uri
        assert server.close() == 0, server.stderr()


def _hover(uri: str) -> dict[str, object]:
    return {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}


def _answered_again(server: RawServer, uri: str) -> None:
    """A request after the abuse is answered (a client may resend one that was swallowed)."""
    for _attempt in range(3):
        request_id = server.request("textDocument/hover", _hover(uri))
        try:
            answer = server.response(request_id, timeout=10)
        except TimeoutError:
            continue
        assert "error" not in answer, answer
        assert server.process.poll() is None
        return
    pytest.fail(f"no answer after the abuse: {server.summary()}")


@pytest.mark.parametrize(
    "length",
    [
        b"99999999999999",  # a MemoryError in pygls's read
        b"2000000000",  # a body pygls would wait for, for ever
        str(MAX_MESSAGE_BYTES + 1).encode(),
        b"9" * 5_000,  # past the digits Python converts to an int
    ],
    ids=["fourteen-digits", "two-billion", "limit-plus-one", "5000-digits"],
)
def test_a_body_over_the_limit_is_refused_and_the_stream_resynchronises(
    shared: tuple[RawServer, str], length: bytes
) -> None:
    server, uri = shared
    body = b'{"jsonrpc": "2.0", "id": 999001, "method": "textDocument/hover", "params": {}}'
    started = time.monotonic()
    server.send_bytes(b"Content-Length: " + length + b"\r\n\r\n" + body)
    _answered_again(server, uri)
    assert time.monotonic() - started < 30
    assert server.responses_to(999001) == []  # the refused message itself is not run
    assert "refused a message of" in server.stderr()


def test_a_header_split_between_two_reads_of_a_long_junk_line_is_found(
    shared: tuple[RawServer, str],
) -> None:
    """Junk without a newline is read in bounded pieces; a header straddling two pieces still
    resynchronises the stream."""
    server, uri = shared
    junk = b"x" * (MAX_HEADER_LINE_BYTES - 7)
    request = encode(
        {"jsonrpc": "2.0", "id": 999002, "method": "textDocument/hover", "params": _hover(uri)}
    )
    server.send_bytes(junk + request)
    answer = server.response(999002, timeout=30)
    assert "error" not in answer, answer


def test_requests_after_shutdown_are_answered_with_invalid_request(workspace: Path) -> None:
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "late.py")
        server.open(uri, SOURCE)
        server.diagnostics(uri, 1)
        assert server.call("shutdown")["result"] is None
        for method, params in (
            ("textDocument/hover", _hover(uri)),
            ("workspace/executeCommand", {"command": "jaxlsp.explain", "arguments": ["x"]}),
            ("shutdown", None),
        ):
            answer = server.call(method, params, timeout=30)
            assert answer.get("error", {}).get("code") == INVALID_REQUEST, answer
            assert "shutting down" in answer["error"]["message"]
        server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})  # ignored
        server.notify("exit")
        assert server.process.wait(30) == 0


def test_a_change_with_an_older_version_is_logged_applied_and_published_under_it(
    workspace: Path,
) -> None:
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "backwards.py")
        server.open(uri, SOURCE, version=10)
        assert [d["code"] for d in server.diagnostics(uri, 10)] == [CODE]
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": 3},
                "contentChanges": [{"text": "import jax\n"}],
            },
        )
        assert server.diagnostics(uri, 3) == []  # the new text, under the client's version
        warning = server.wait_for(
            lambda m: (
                m.get("method") == "window/logMessage"
                and "versions must increase" in m["params"]["message"]
            )
        )
        assert "from version 10 to 3" in warning["params"]["message"]
        # The numbering goes on from there; the text is the client's.
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": 4},
                "contentChanges": [{"text": SOURCE}],
            },
        )
        assert [d["code"] for d in server.diagnostics(uri, 4)] == [CODE]
        assert server.close() == 0


def test_the_same_text_again_under_the_same_version_changes_nothing(workspace: Path) -> None:
    """jupyterlab-lsp opens a notebook's virtual document (Python under an .ipynb name) at
    version 0, then sends the same text at version 0 and at version 1: no warning, one result."""
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / ".virtual_documents" / "notebook.ipynb")
        server.open(uri, SOURCE, version=0)
        for version in (0, 1):
            server.notify(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": [{"text": SOURCE}],
                },
            )
        assert [d["code"] for d in server.diagnostics(uri, 1)] == [CODE]
        logged = [m["params"]["message"] for m in server.notifications("window/logMessage")]
        assert not [message for message in logged if "versions must increase" in message]
        assert server.close() == 0


def _wait_for_stderr(server: RawServer, text: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while text not in server.stderr():
        if time.monotonic() > deadline:
            pytest.fail(f"never saw {text!r} on stderr: {server.summary()}")
        time.sleep(0.05)


def test_closing_a_document_stops_its_analysis(workspace: Path) -> None:
    """Without cancellation the worker would be busy for minutes and the next file wait."""
    with running_server(workspace, argv=SLOW) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        slow = path_to_uri(workspace / "slow.py")
        server.open(slow, f"{with_slow_analysis.SLOW_MARKER}\nimport jax\n")
        _wait_for_stderr(server, "slow analysis started")
        server.notify("textDocument/didClose", {"textDocument": {"uri": slow}})
        _wait_for_stderr(server, "slow analysis cancelled")
        other = path_to_uri(workspace / "other.py")
        server.open(other, SOURCE)
        assert [d["code"] for d in server.diagnostics(other, 1, timeout=30)] == [CODE]
        assert server.close() == 0


def test_a_newer_version_stops_the_analysis_of_the_older(workspace: Path) -> None:
    with running_server(workspace, argv=SLOW) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "typing.py")
        server.open(uri, f"{with_slow_analysis.SLOW_MARKER}\n{SOURCE}")
        _wait_for_stderr(server, "slow analysis started")
        server.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": 2},
                "contentChanges": [{"text": SOURCE}],
            },
        )
        assert [d["code"] for d in server.diagnostics(uri, 2, timeout=30)] == [CODE]
        assert "slow analysis cancelled" in server.stderr()
        assert server.close() == 0
