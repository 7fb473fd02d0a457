"""Protocol abuse against the real ``python -m jaxlsp serve`` process, over raw pipes.

Malformed frames and JSON, unknown methods, invalid parameters, positions past the end, unknown
URIs, notifications for documents that are not open, 1,000 rapid edits, cancellations, a client
that stops reading, and ends of the stream.  The server must stay up, answer every request it
can (with a result or a JSON-RPC error, never silence), and publish diagnostics that match the
final text.
"""

from __future__ import annotations

import fcntl
import random
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types

from jaxlsp.lsp.positions import apply_change, span_to_range
from jaxlsp.lsp.uris import path_to_uri
from jaxlsp.syntax.source import split_lines
from tests._engine import fresh_engine
from tests.conftest import REPO
from tests.reliability.rawlsp import TIMEOUT_S, RawServer, encode, frame, running_server

SOURCE = (REPO / "tests" / "reproducers" / "custom_vjp_symbolic_zeros_shard_map.py").read_text(
    "utf-8"
)
CODE = "custom-vjp-symbolic-zeros-support-with-shard-map"
#: Where the finding starts in SOURCE (0-based line; a UTF-16 column inside it).
FINDING_LINE = next(
    i for i, line in enumerate(SOURCE.split("\n")) if line.startswith("scaled.defvjp(")
)
FINDING_CHARACTER = SOURCE.split("\n")[FINDING_LINE].index("symbolic_zeros=True") + 3
NO_DEBOUNCE = {"jaxlsp": {"debounceMs": 0}}
F_GETPIPE_SZ = 1032  # Linux fcntl: a pipe's capacity


def hover_params(
    uri: str, line: int = FINDING_LINE, character: int = FINDING_CHARACTER
) -> dict[str, Any]:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


def assert_finding_hover(answer: dict[str, Any]) -> None:
    assert "error" not in answer, answer
    assert answer["result"] is not None and CODE in answer["result"]["contents"]["value"]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("workspace")
    (folder / ".git").mkdir()
    return folder


@pytest.fixture(scope="module")
def shared(workspace: Path) -> Iterator[tuple[RawServer, str]]:
    """One server with the reproducer open, for the abuse cases that must not kill it."""
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "reproducer.py")
        server.open(uri, SOURCE)
        assert [d["code"] for d in server.diagnostics(uri, 1)] == [CODE]
        yield server, uri
        assert server.close() == 0, server.stderr()


# --- malformed messages ----------------------------------------------------------------------

MALFORMED = {
    "not-json": frame(b"{not json"),
    "truncated-json": frame(b'{"jsonrpc": "2.0", "id": 5, "method": "textDocument/hov'),
    "json-array": frame(b"[1, 2, 3]"),
    "json-number": frame(b"42"),
    "json-string": frame(b'"hello"'),
    "json-null": frame(b"null"),
    "no-jsonrpc-field": frame(b'{"id": 77, "method": "textDocument/hover"}'),
    "wrong-jsonrpc-version": frame(b'{"jsonrpc": "1.0", "id": 78, "method": "shutdown"}'),
    "neither-method-nor-result": frame(b'{"jsonrpc": "2.0", "id": 79}'),
    "response-to-nothing": frame(b'{"jsonrpc": "2.0", "id": 4242, "result": {"x": 1}}'),
    "error-to-nothing": frame(
        b'{"jsonrpc": "2.0", "id": 4243, "error": {"code": 1, "message": "x"}}'
    ),
    "not-utf8": frame(b'{"jsonrpc": "2.0", "method": "x\xff\xfe"}'),
    "deep-nesting": frame(
        b'{"jsonrpc": "2.0", "method": "x", "params": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    ),
    "huge-string": frame(
        b'{"jsonrpc": "2.0", "method": "$/x", "params": "' + b"a" * 5_000_000 + b'"}'
    ),
    "extra-header": b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
    + encode({"jsonrpc": "2.0", "method": "$/x"}),
    "zero-length": b"Content-Length: 0\r\n\r\n",
    "id-is-object": frame(
        b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "textDocument/hover", "params": {}}'
    ),
    "nested-jsonrpc-keys": frame(
        b'{"jsonrpc": "2.0", "method": "$/x", "params": {"jsonrpc": "2.0", "id": 3, "method": "shutdown"}}'
    ),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_malformed_message_is_skipped_and_the_next_request_is_answered(
    shared: tuple[RawServer, str], name: str
) -> None:
    server, uri = shared
    server.send_bytes(MALFORMED[name])
    assert_finding_hover(server.call("textDocument/hover", hover_params(uri)))
    assert server.process.poll() is None


@pytest.mark.parametrize(
    "garbage",
    [
        b"content-length: 20\r\n\r\n" + b'{"jsonrpc": "2.0"}  ',
        b"Content-Length: 5\r\n\r\n" + b'{"jsonrpc": "2.0", "method": "$/x"}',
        b"Content-Length: 12abc\r\n\r\n{}",
        b"\r\n\r\n\r\n",
        bytes(range(256)),
    ],
    ids=["lower-case-header", "length-too-short", "bad-length", "blank-lines", "binary"],
)
def test_broken_framing_resynchronises(shared: tuple[RawServer, str], garbage: bytes) -> None:
    """A frame whose length is wrong corrupts the stream until the next header; after that
    the server must answer again (a client may need to resend the request that was lost)."""
    server, uri = shared
    server.send_bytes(garbage)
    for _attempt in range(5):
        request_id = server.request("textDocument/hover", hover_params(uri))
        try:
            answer = server.response(request_id, timeout=5)
        except TimeoutError:
            continue
        assert_finding_hover(answer)
        return
    pytest.fail(f"the server never answered again: {server.summary()}")


def test_unknown_methods(shared: tuple[RawServer, str]) -> None:
    server, uri = shared
    answer = server.call("jaxlsp/noSuchMethod", {"x": 1})
    assert answer["error"]["code"] == -32601  # MethodNotFound
    server.notify("jaxlsp/noSuchNotification", {"x": 1})
    server.notify("$/someExtension", {"x": 1})  # "$/" notifications may be ignored silently
    answer = server.call("$/someRequest", {})
    assert "error" in answer
    answer = server.call(
        "workspace/executeCommand", {"command": "no.such.command", "arguments": []}
    )
    assert "error" in answer
    assert_finding_hover(server.call("textDocument/hover", hover_params(uri)))


@pytest.mark.parametrize(
    "params",
    [
        {"position": {"line": -1, "character": 0}},
        {"position": {"line": 0, "character": -5}},
        {"position": {"line": 2**40, "character": 0}},
        {"position": {"line": "x", "character": 0}},
        {"position": None},
        {"textDocument": None},
        "a string",
        None,
        [1, 2],
    ],
    ids=[
        "negative-line",
        "negative-character",
        "line-over-uint32",
        "line-not-a-number",
        "no-position",
        "no-document",
        "string",
        "none",
        "list",
    ],
)
def test_request_with_invalid_params_gets_an_error_not_silence(
    shared: tuple[RawServer, str], params: Any
) -> None:
    server, uri = shared
    if isinstance(params, dict):
        params = {**hover_params(uri), **params}
    answer = server.call("textDocument/hover", params, timeout=30)
    assert "error" in answer or "result" in answer
    if "error" in answer:
        assert answer["error"]["code"] in (-32602, -32603)  # InvalidParams / InternalError
    assert_finding_hover(server.call("textDocument/hover", hover_params(uri)))


@pytest.mark.parametrize(
    ("line", "character"),
    [(10**6, 0), (FINDING_LINE, 10**6), (2**31 - 1, 2**31 - 1), (0, 2**31 - 1)],
)
def test_positions_past_the_end_are_answered(
    shared: tuple[RawServer, str], line: int, character: int
) -> None:
    server, uri = shared
    answer = server.call("textDocument/hover", hover_params(uri, line, character))
    assert "error" not in answer
    end = {"line": line, "character": character}
    actions = server.call(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": end},
            "context": {"diagnostics": []},
        },
    )
    assert isinstance(actions["result"], list)


UNKNOWN_URIS = [
    "file:///no/such/file.py",
    "untitled:Untitled-1",
    "file:///%ZZ%",
    "",
    "http://example.invalid/x.py",
    "file:///" + "a" * 10_000 + ".py",
    "file:///a%00b.py",
    "not a uri at all",
]


@pytest.mark.parametrize("uri", UNKNOWN_URIS, ids=range(len(UNKNOWN_URIS)))
def test_requests_for_documents_that_are_not_open_get_empty_answers(
    shared: tuple[RawServer, str], uri: str
) -> None:
    server, open_uri = shared
    assert server.call("textDocument/hover", hover_params(uri))["result"] is None
    actions = server.call(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 5, "character": 0}},
            "context": {"diagnostics": []},
        },
    )
    assert actions["result"] == []
    pulled = server.call("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    assert pulled["result"]["items"] == []
    resolved = server.call("codeAction/resolve", {"title": "x", "data": {"uri": uri, "version": 1}})
    assert "result" in resolved
    assert_finding_hover(server.call("textDocument/hover", hover_params(open_uri)))


def test_notifications_for_documents_that_are_not_open_are_logged(
    shared: tuple[RawServer, str],
) -> None:
    server, uri = shared
    ghost = "file:///never/opened.py"
    server.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": ghost, "version": 2},
            "contentChanges": [{"text": "import jax\n"}],
        },
    )
    server.notify("textDocument/didSave", {"textDocument": {"uri": ghost}})
    server.notify("textDocument/didClose", {"textDocument": {"uri": ghost}})
    server.wait_for(
        lambda m: (
            m.get("method") == "window/logMessage"
            and ghost in m["params"]["message"]
            and "not open" in m["params"]["message"]
        )
    )
    assert_finding_hover(server.call("textDocument/hover", hover_params(uri)))


@pytest.mark.parametrize(
    "path_part",
    ["a" * 300 + "/" + "b" * 300, "%00nul", "sp ace/ü/😀", "x" * 5_000],
    ids=["long-names", "nul", "unicode", "name-too-long"],
)
def test_documents_with_odd_uris_are_still_checked(
    shared: tuple[RawServer, str], path_part: str
) -> None:
    server, _ = shared
    uri = f"file:///tmp/{path_part}/reproducer.py"
    server.open(uri, SOURCE)
    assert [d["code"] for d in server.diagnostics(uri, 1)] == [CODE]
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def test_a_document_opened_twice_or_changed_backwards_keeps_working(
    shared: tuple[RawServer, str],
) -> None:
    server, _ = shared
    uri = "file:///tmp/twice.py"
    server.open(uri, "import jax\n", version=5)
    server.diagnostics(uri, 5)
    server.open(uri, SOURCE, version=1)  # reopened without a close, with a lower version
    assert [d["code"] for d in server.diagnostics(uri, 1)] == [CODE]
    server.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": uri, "version": 0},
            "contentChanges": [
                {
                    "range": {
                        "start": {"line": 9999, "character": 0},
                        "end": {"line": 0, "character": 0},
                    },
                    "text": "# end\n",
                }
            ],
        },
    )
    assert [d["code"] for d in server.diagnostics(uri, 0)] == [CODE]
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


# --- bursts, cancellations, slow readers -----------------------------------------------------


def expected_diagnostics(text: str) -> list[tuple[str, dict[str, Any]]]:
    """What the engine finds in ``text``, as (code, UTF-16 range) like the server sends."""
    lines = split_lines(text)
    return [(f.code, _range_dict(lines, f)) for f in fresh_engine().analyze(text).findings]


def _range_dict(lines: list[str], finding: Any) -> dict[str, Any]:
    range_ = span_to_range(lines, finding.span, "utf-16")
    return {
        "start": {"line": range_.start.line, "character": range_.start.character},
        "end": {"line": range_.end.line, "character": range_.end.character},
    }


def _position_at(text: str, offset: int) -> dict[str, int]:
    """The LSP (UTF-16) position of a string offset."""
    before = text[:offset]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1 :]
    return {"line": line, "character": len(column.encode("utf-16-le")) // 2}


def test_1000_rapid_edits_end_with_the_diagnostics_of_the_final_text(workspace: Path) -> None:
    """Type the program (with emoji) keystroke by keystroke, break and repair it, all without
    waiting; the last diagnostics published must be those of the final text, at its version."""
    rng = random.Random(1000)
    final = "# 😀 jax 🧪 𝔘\n" + SOURCE.replace("import os\n", "import os  # é 😀\n")
    edits: list[tuple[dict[str, Any], str]] = []
    text = ""
    # 1. type the first 600 characters one at a time, at the end
    for char in final[:600]:
        position = _position_at(text, len(text))
        edits.append(({"start": position, "end": position}, char))
        text += char
    # 2. random insertions and deletions (often syntax errors) until 950 edits
    while len(edits) < 950:
        offset = rng.randrange(len(text) + 1)
        if (
            rng.random() < 0.5
            and offset < len(text)
            and not (0xD800 <= ord(text[offset]) <= 0xDFFF)
        ):
            start, end = _position_at(text, offset), _position_at(text, offset + 1)
            edits.append(({"start": start, "end": end}, ""))
            text = text[:offset] + text[offset + 1 :]
        else:
            char = rng.choice(["(", ":", "😀", "x", "\n", '"'])
            position = _position_at(text, offset)
            edits.append(({"start": position, "end": position}, char))
            text = text[:offset] + char + text[offset:]
    # 3. clear the document, then paste the final text back in 49 pieces
    edits.append(({"start": {"line": 0, "character": 0}, "end": _position_at(text, len(text))}, ""))
    text = ""
    for index in range(49):
        piece = final[len(final) * index // 49 : len(final) * (index + 1) // 49]
        position = _position_at(text, len(text))
        edits.append(({"start": position, "end": position}, piece))
        text += piece
    assert text == final and len(edits) == 1000

    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "typed.py")
        server.open(uri, "", version=0)
        hover_ids = []
        replay = ""
        burst = bytearray()
        for version, (range_, new_text) in enumerate(edits, start=1):
            burst += encode(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didChange",
                    "params": {
                        "textDocument": {"uri": uri, "version": version},
                        "contentChanges": [{"range": range_, "text": new_text}],
                    },
                }
            )
            replay = _apply(replay, range_, new_text)
            if version % 100 == 0:
                server.send_bytes(bytes(burst))
                burst.clear()
                hover_ids.append(server.request("textDocument/hover", hover_params(uri, 1, 0)))
        server.send_bytes(bytes(burst))
        assert replay == final  # the edits, applied as LSP says, give the final text

        published = server.diagnostics(uri, 1000)
        got = [(d["code"], d["range"]) for d in published]
        want = [(code, range_) for code, range_ in expected_diagnostics(final)]
        assert got == want and [code for code, _ in got] == [CODE]
        for request_id in hover_ids:
            assert "result" in server.response(request_id)
        # And the server agrees about the text: a hover on the finding, in UTF-16 units.
        start = want[0][1]["start"]
        assert_finding_hover(
            server.call(
                "textDocument/hover", hover_params(uri, start["line"], start["character"] + 2)
            )
        )
        assert server.close() == 0


def _apply(text: str, range_: dict[str, Any], new_text: str) -> str:
    lsp_range = types.Range(
        start=types.Position(**range_["start"]), end=types.Position(**range_["end"])
    )
    return apply_change(text, lsp_range, new_text, "utf-16")


def test_cancelled_requests_are_each_answered_once_and_the_server_goes_on(workspace: Path) -> None:
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "cancel.py")
        server.open(uri, SOURCE)
        ids = []
        for _ in range(50):
            ids.append(server.request("textDocument/hover", hover_params(uri)))
            ids.append(
                server.request(
                    "workspace/executeCommand",
                    {"command": "jaxlsp.explain", "arguments": ["TypeError: x"]},
                )
            )
            server.notify("$/cancelRequest", {"id": ids[-1]})
            server.notify("$/cancelRequest", {"id": ids[-2]})
        server.notify("$/cancelRequest", {"id": 99_999})  # never sent
        server.notify("$/cancelRequest", {"id": {"not": "an id"}})
        server.notify("$/cancelRequest", None)
        assert_finding_hover(server.call("textDocument/hover", hover_params(uri)))
        for request_id in ids:
            answer = server.response(request_id)
            if "error" in answer:
                assert answer["error"]["code"] == -32800  # RequestCancelled
        assert all(len(server.responses_to(request_id)) == 1 for request_id in ids)
        assert server.close() == 0


def _pending_bytes(server: RawServer) -> int:
    """How many bytes the server wrote that we have not read (FIONREAD on our pipe end)."""
    assert server.process.stdout is not None
    buffer = bytearray(4)
    fcntl.ioctl(server.process.stdout.fileno(), termios.FIONREAD, buffer)
    return int.from_bytes(buffer, "little")


def _pipe_capacity(server: RawServer) -> int:
    assert server.process.stdout is not None
    return fcntl.fcntl(server.process.stdout.fileno(), F_GETPIPE_SZ)


def _blocked_writing(server: RawServer) -> bool:
    """Is the server stuck writing to us?  A thread of it sleeps in the kernel's pipe write
    (``/proc/PID/task/*/wchan``), or the pipe is full to the byte.  A pipe can be full well
    under its capacity: each write that does not fit the last page takes a page of its own."""
    if _pending_bytes(server) >= _pipe_capacity(server) - 4_096:
        return True
    for task in Path(f"/proc/{server.process.pid}/task").iterdir():
        try:
            if "pipe_write" in (task / "wchan").read_text():
                return True
        except OSError:
            continue
    return False


def _wait_until(condition: Callable[[], bool], timeout: float = TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("condition never held")
        time.sleep(0.01)


def test_a_client_that_stops_reading_gets_every_answer_when_it_reads_again(workspace: Path) -> None:
    explain = {
        "command": "jaxlsp.explain",
        "arguments": [
            "NotImplementedError: custom_vjp symbolic_zeros support with shard_map is not implemented"
        ],
    }
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "slow_reader.py")
        server.open(uri, SOURCE)
        server.diagnostics(uri, 1)
        server.pause_reading()  # from here on, nothing is read
        # 100 answers of several KiB each: far more than the pipe to us holds, so the server
        # must end up stuck writing.  The requests themselves (~20 KiB) fit in the pipe to it.
        ids = [server.request("workspace/executeCommand", explain) for _ in range(100)]
        ids += [server.request("textDocument/hover", hover_params(uri)) for _ in range(20)]
        _wait_until(lambda: _blocked_writing(server))
        assert server.process.poll() is None
        server.resume_reading()
        for request_id in ids:
            assert "result" in server.response(request_id)
        assert_finding_hover(server.call("textDocument/hover", hover_params(uri)))
        assert server.close() == 0


# --- life cycle --------------------------------------------------------------------------------


def test_requests_before_initialize_do_not_break_the_session(workspace: Path) -> None:
    with running_server(workspace) as server:
        early = server.call("textDocument/hover", hover_params("file:///x.py"), timeout=30)
        assert "error" in early or early.get("result") is None
        server.initialize(initializationOptions=NO_DEBOUNCE)
        uri = path_to_uri(workspace / "late.py")
        server.open(uri, SOURCE)
        assert [d["code"] for d in server.diagnostics(uri, 1)] == [CODE]
        assert server.close() == 0


def test_end_of_input_without_shutdown_stops_the_server(workspace: Path) -> None:
    with running_server(workspace) as server:
        server.initialize(initializationOptions=NO_DEBOUNCE)
        server.open(path_to_uri(workspace / "eof.py"), SOURCE)
        server.stop(timeout=30)  # closes stdin; raises if the process does not end
        assert server.process.returncode is not None


@pytest.mark.parametrize(("shutdown_first", "code"), [(True, 0), (False, 1)])
def test_exit_codes_follow_the_protocol(workspace: Path, shutdown_first: bool, code: int) -> None:
    with running_server(workspace) as server:
        server.initialize()
        if shutdown_first:
            assert server.call("shutdown")["result"] is None
        server.notify("exit")
        assert server.process.wait(30) == code
