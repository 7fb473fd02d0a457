"""Recycling the server process in place (``jaxlsp.lsp.recycle``), in process.

The trigger policy on its own; the recycler's decisions with the exec replaced by a recorder
(it fails, so the old process must carry on); the state's round trip; and the stdin reader's
handover: bytes read and not handed on come back exactly, and a boundary is only where the
next message's header has not been handed on.  ``test_recycle_session`` drives the real thing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.lsp import recycle
from jaxlsp.lsp.handlers import create_server
from jaxlsp.lsp.recycle import MIB, MemoryPolicy, Recycler, State, read_state, restart_argv
from jaxlsp.lsp.server import JaxlspProtocol, JaxlspServer
from jaxlsp.lsp.settings import parse_client_settings
from jaxlsp.lsp.stdio import (
    MAX_MESSAGE_BYTES,
    HeaderTolerantStdin,
    MessageReader,
    StdinBuffer,
    read_messages,
)
from tests.lsp._stdin import Recorder, posix_only, until

# ---------------------------------------------------------------------------- the policy

BASE = 52 * MIB


def test_a_process_many_times_a_fresh_ones_size_after_closing_is_too_big() -> None:
    policy = MemoryPolicy(BASE)
    # 300 documents opened and closed, the 200-line probe left open (bench.soak).
    assert policy.too_big(196 * MIB, 200, ratio=1.25, min_excess=32 * MIB)


def test_a_server_holding_what_its_open_documents_need_is_not_too_big() -> None:
    policy = MemoryPolicy(BASE)
    lines = 20_000
    fresh = policy.fresh_rss(lines)
    assert fresh > BASE + 100 * MIB  # a fresh server with a 20,000-line file measured 104 MiB
    assert not policy.too_big(fresh, lines, ratio=1.25, min_excess=32 * MIB)
    assert not policy.too_big(int(fresh * 1.2), lines, ratio=1.25, min_excess=32 * MIB)
    assert policy.too_big(int(fresh * 1.3), lines, ratio=1.25, min_excess=32 * MIB)


def test_both_the_ratio_and_the_minimum_excess_must_be_passed() -> None:
    small = MemoryPolicy(20 * MIB)
    assert not small.too_big(40 * MIB, 0, ratio=1.25, min_excess=32 * MIB)  # 2x, 20 MiB more
    assert small.too_big(40 * MIB, 0, ratio=1.25, min_excess=16 * MIB)
    assert not MemoryPolicy(BASE).too_big(BASE + 40 * MIB, 0, ratio=2.0, min_excess=32 * MIB)


def test_a_new_process_is_never_judged_too_big_for_what_it_holds() -> None:
    """Reopened documents that take more than the allowance raise the estimate, so the new
    process is not recycled again and again."""
    policy = MemoryPolicy(BASE)
    restored = 200 * MIB  # far more than the allowance for 1,000 lines
    assert policy.too_big(restored, 1_000, ratio=1.0, min_excess=0)
    calibrated = policy.calibrated(restored, 1_000)
    assert not calibrated.too_big(restored, 1_000, ratio=1.0, min_excess=0)
    assert calibrated.too_big(restored + 40 * MIB, 1_000, ratio=1.0, min_excess=32 * MIB)
    assert policy.calibrated(BASE, 0).offset == 0


def test_the_settings_turn_it_off_and_tune_it() -> None:
    defaults = parse_client_settings({}, "test")
    assert (defaults.recycle, defaults.recycle_ratio, defaults.recycle_min_mib) == (True, 1.25, 32)
    tuned = parse_client_settings({"recycle": False, "recycleRatio": 1, "recycleMinMiB": 0}, "test")
    assert (tuned.recycle, tuned.recycle_ratio, tuned.recycle_min_mib) == (False, 1.0, 0.0)
    assert tuned.problems == ()
    bad = parse_client_settings({"recycle": "no", "recycleRatio": 0.5, "recycleMinMiB": -1}, "t")
    assert (bad.recycle, bad.recycle_ratio, bad.recycle_min_mib) == (True, 1.25, 32)
    assert len(bad.problems) == 3


# ---------------------------------------------------------------------------- the state


def _state(**changes: Any) -> State:
    fields: dict[str, Any] = {
        "initialize": {"processId": None, "capabilities": {}, "rootUri": None},
        "initialized": True,
        "settings": [(None, {"debounceMs": 0}), ("file:///w", {"enable": False})],
        "documents": [recycle.OpenDocument("file:///w/a.py", "python", 7, "x = 1\n")],
        "ignored": ["file:///w/notes.md"],
        "shown_once": ["a message"],
        "shown_config_problems": [],
        "stdin": b"Content-Len\xff",
        "base_rss": BASE,
    }
    return State(**{**fields, **changes})


def test_the_state_goes_through_its_file_unchanged_and_the_file_is_removed() -> None:
    state = _state()
    path = recycle.write_state(state)
    assert oct(path.stat().st_mode & 0o777) == oct(0o600)
    assert read_state(path) == state
    assert not path.exists()


def test_a_state_that_cannot_be_read_says_why(tmp_path: Path) -> None:
    missing = read_state(tmp_path / "gone.json")
    assert isinstance(missing, str) and "gone.json" in missing
    broken = tmp_path / "jaxlsp-recycle-broken.json"
    data = _state().to_json()
    data["documents"][0]["version"] = "seven"
    broken.write_text(json.dumps(data), encoding="utf-8")
    reason = read_state(broken)
    assert isinstance(reason, str) and "seven" in reason
    assert not broken.exists()
    mine = tmp_path / "mine.json"  # not a state file's name: read, never removed
    mine.write_text(json.dumps(_state().to_json()), encoding="utf-8")
    assert read_state(mine) == _state()
    assert mine.exists()


def test_the_new_command_is_the_old_one_with_the_new_state() -> None:
    started = ["python3", "-P", "-m", "jaxlsp", "serve", "--log-level", "info"]
    first = restart_argv(Path("/tmp/one.json"), started)
    assert first == [sys.executable, *started[1:], "--restore", "/tmp/one.json"]
    again = restart_argv(Path("/tmp/two.json"), first)
    assert again == [sys.executable, *started[1:], "--restore", "/tmp/two.json"]


# ---------------------------------------------------------------------------- the recycler


class FakeReader:
    """The stdin reader: at a boundary with ``unread`` buffered, or (None) mid-message."""

    def __init__(self, unread: bytes | None) -> None:
        self.unread = unread

    def paused(self) -> Any:
        return contextlib.nullcontext(self.unread)


class Exec:
    """Stands in for ``os.execv``: records the call and fails, as a missing binary would."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []
        self.states: list[State | str] = []

    def __call__(self, path: str, argv: list[str]) -> None:
        self.calls.append(argv)
        self.states.append(read_state(Path(argv[argv.index("--restore") + 1])))
        raise OSError("no such interpreter")


@pytest.fixture
def execv(monkeypatch: pytest.MonkeyPatch) -> Iterator[Exec]:
    fake = Exec()
    monkeypatch.setattr(os, "execv", fake)
    monkeypatch.setattr(recycle, "IDLE_AFTER_CLOSE_S", 0.05)
    monkeypatch.setattr(recycle, "RETRY_S", 0.02)
    monkeypatch.setattr(recycle, "current_rss", lambda: 400 * MIB)
    yield fake


def _server(reader: FakeReader, **settings: Any) -> tuple[JaxlspServer, Recycler]:
    server = create_server()
    protocol = server.protocol
    assert isinstance(protocol, JaxlspProtocol)
    protocol.raw_initialize = {"processId": None, "capabilities": {}}
    server.client_initialized = True
    server.set_settings(None, {"debounceMs": 0, **settings})
    recycler = Recycler(server, reader)
    recycler.policy = MemoryPolicy(BASE)
    server.recycler = recycler
    return server, recycler


async def test_a_burst_of_closes_recycles_once_at_a_safe_point_with_the_session(
    execv: Exec,
) -> None:
    server, recycler = _server(FakeReader(b"Content-Le"), recycleMinMiB=1)
    kept = server.documents.open("file:///w/kept.py", "import jax\n", 3, "python")
    server.documents.ignored.add("file:///w/notes.md")
    for _ in range(5):
        recycler.documents_closed()
    await until(lambda: execv.calls)
    await asyncio.sleep(0.2)
    assert len(execv.calls) == 1  # debounced, and not tried again after the exec failed
    assert execv.calls[0][-2] == "--restore"
    state = execv.states[0]
    assert isinstance(state, State)
    assert state.stdin == b"Content-Le"
    assert state.documents == [recycle.OpenDocument(kept.uri, "python", 3, "import jax\n")]
    assert state.ignored == ["file:///w/notes.md"]
    assert state.settings == [(None, {"debounceMs": 0, "recycleMinMiB": 1})]
    assert (state.initialized, state.base_rss, state.recycles) == (True, BASE, 1)
    assert state.initialize["processId"] is None
    # The exec failed: the state file is gone and the server goes on, not trying again.
    assert not Path(execv.calls[0][-1]).exists()
    recycler.documents_closed()
    await asyncio.sleep(0.2)
    assert len(execv.calls) == 1
    server.stop_workers()


async def test_mid_message_it_waits_for_the_next_boundary(execv: Exec) -> None:
    reader = FakeReader(None)
    server, recycler = _server(reader)
    recycler.documents_closed()
    await asyncio.sleep(0.3)
    assert execv.calls == []
    reader.unread = b""
    await until(lambda: execv.calls)
    server.stop_workers()


async def test_it_waits_while_the_server_is_busy(execv: Exec) -> None:
    server, recycler = _server(FakeReader(b""))
    pending: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    server.protocol._request_futures["request"] = pending
    recycler.documents_closed()
    await asyncio.sleep(0.3)
    assert execv.calls == []
    assert server.busy_with() is not None
    del server.protocol._request_futures["request"]
    await until(lambda: execv.calls)
    server.stop_workers()


async def test_never_after_shutdown_nor_when_turned_off_nor_when_small(
    execv: Exec, monkeypatch: pytest.MonkeyPatch
) -> None:
    server, recycler = _server(FakeReader(b""), recycle=False)
    recycler.documents_closed()
    await asyncio.sleep(0.3)
    server.set_settings(None, {})
    server.protocol._shutdown = True
    recycler.documents_closed()
    await asyncio.sleep(0.3)
    server.protocol._shutdown = False
    monkeypatch.setattr(recycle, "current_rss", lambda: BASE + 10 * MIB)
    recycler.documents_closed()
    await asyncio.sleep(0.3)
    assert execv.calls == []
    server.stop_workers()


# ---------------------------------------------------------------------------- stdin


def _message(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


@posix_only
def test_the_buffer_reads_like_a_buffered_stream(pipe: tuple[StdinBuffer, int]) -> None:
    owned, write_end = pipe
    os.write(write_end, b"one\ntwo\nthree-and-more")
    assert owned.readline() == b"one\n"
    assert owned.readline(2) == b"tw"
    assert owned.readline(64) == b"o\n"
    assert owned.read(5) == b"three"
    assert owned.readline(5) == b"-and-"
    os.write(write_end, b"\n")
    assert owned.readline() == b"more\n"


@posix_only
def test_carried_bytes_come_first(tmp_path: Path) -> None:
    read_end, write_end = os.pipe()
    owned = StdinBuffer(read_end, b"Content-Len")
    os.write(write_end, b"gth: 2\r\n\r\n{}")
    os.close(write_end)
    assert owned.readline() == b"Content-Length: 2\r\n"
    assert owned.readline() == b"\r\n"
    assert owned.read(2) == b"{}"
    assert owned.read(1) == b""  # the end
    os.close(read_end)


@posix_only
def test_the_handover_gives_back_exactly_the_unread_bytes_at_a_boundary(
    pipe: tuple[StdinBuffer, int],
) -> None:
    owned, write_end = pipe
    first, second = _message(b'{"a": 1}'), _message(b'{"b": 2}')
    os.write(write_end, first + second[:25])
    stdin = HeaderTolerantStdin(owned)
    assert stdin.readline() == b"Content-Length: 8\r\n"
    with owned.paused() as unread:
        assert unread is None  # a header was handed on: mid-message
    assert stdin.readline() == b"\r\n"
    assert stdin.read(8) == b'{"a": 1}'
    with owned.paused() as unread:
        assert unread is None  # the body is handed on, but not yet marked as handled
    owned.mark()
    with owned.paused() as unread:
        assert unread == second[:25]
    assert stdin.readline() == b"Content-Length: 8\r\n"
    with owned.paused() as unread:
        assert unread is None


@posix_only
def test_the_handover_does_not_wait_for_a_reader_waiting_for_input(
    pipe: tuple[StdinBuffer, int],
) -> None:
    owned, write_end = pipe
    os.write(write_end, b"Content-Le")
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(owned.readline()), daemon=True)
    reader.start()
    reader.join(0.3)
    assert reader.is_alive()  # waiting for the rest of the line, without the lock
    with owned.paused() as unread:
        assert unread == b"Content-Le"
        os.write(write_end, b"ngth: 1\r\n")
        reader.join(0.3)
        assert reader.is_alive()  # held still while paused: the new bytes stay in the pipe
    reader.join(5)
    assert got == [b"Content-Length: 1\r\n"]


@posix_only
def test_the_header_limits_hold_over_the_owned_buffer(pipe: tuple[StdinBuffer, int]) -> None:
    owned, write_end = pipe
    stdin = HeaderTolerantStdin(owned)
    os.write(write_end, b"junk content-length: %d\r\n" % (MAX_MESSAGE_BYTES + 1))
    assert stdin.readline() == b"\r\n"  # refused
    junk = b"x" * 70_000 + b"Content-Length: 3\r\n"  # more than a pipe holds
    threading.Thread(target=os.write, args=(write_end, junk), daemon=True).start()
    pieces = []
    while not (piece := stdin.readline()).startswith(b"Content-Length"):
        pieces.append(piece)
        assert len(piece) <= 64 * 1024
    assert piece == b"Content-Length: 3\r\n"


@posix_only
async def test_the_message_loop_marks_a_boundary_once_a_message_is_handled(
    pipe: tuple[StdinBuffer, int],
) -> None:
    owned, write_end = pipe
    protocol = Recorder()
    stop = threading.Event()
    reader = MessageReader(HeaderTolerantStdin(owned), owned, None)
    loop = asyncio.create_task(read_messages(stop, reader, protocol, protocol.failed))
    os.write(write_end, _message(b'{"n": 1}') + b"Content-Len")
    await until(lambda: protocol.handled == [{"n": 1}])
    await asyncio.sleep(0.05)
    with owned.paused() as unread:
        assert unread == b"Content-Len"
    os.write(write_end, b"gth: 8\r\n")
    await asyncio.sleep(0.1)
    with owned.paused() as unread:
        assert unread is None  # the header line is handed on
    os.write(write_end, b'\r\n{"n": 2}')
    await until(lambda: protocol.handled == [{"n": 1}, {"n": 2}])
    with owned.paused() as unread:
        assert unread == b""
    stop.set()
    os.write(write_end, _message(b"{}"))
    await asyncio.wait_for(loop, 5)
