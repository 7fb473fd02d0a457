"""A neutral LSP client over stdio: its own JSON-RPC framing, no server's library.

The benchmark must not favour one server by sharing its framework, so the client speaks the base
protocol itself (``Content-Length`` headers + JSON bodies). A reader thread stamps every message
with ``time.perf_counter()`` the moment its body is complete, so latencies exclude the time the
benchmark spends deciding what to send next.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

JsonObject = dict[str, Any]


class ServerError(RuntimeError):
    """The server died, sent garbage, or did not answer in time."""


@dataclass(frozen=True)
class Received:
    """One message from the server and when its last byte arrived."""

    message: JsonObject
    at: float


@dataclass
class _Pending:
    done: threading.Event = field(default_factory=threading.Event)
    received: Received | None = None


def _read_message(stream: IO[bytes]) -> JsonObject | None:
    """Read one framed message; None at end of stream."""
    length: int | None = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode("ascii", "replace").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    if length is None:
        raise ServerError("message without Content-Length header")
    body = stream.read(length)
    if len(body) < length:
        return None
    parsed = json.loads(body)
    if not isinstance(parsed, dict):
        raise ServerError(f"message is not a JSON object: {body[:200]!r}")
    return parsed


def encode_message(message: Mapping[str, Any]) -> bytes:
    """Frame one JSON-RPC message for the wire."""
    body = json.dumps(message, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class LspClient:
    """Drives one server process: requests, notifications, and a stream of notifications.

    Server-to-client requests (``workspace/configuration``, ``client/registerCapability``,
    ``window/workDoneProgress/create``, ...) get a neutral answer at once, the way an editor would.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        cwd: Path,
        env: Mapping[str, str] | None = None,
        stderr_path: Path | None = None,
        settings: Any = None,
    ) -> None:
        self.command = list(command)
        # What this "editor" answers for each item of a workspace/configuration request.
        self.settings = settings
        self._stderr_file = (stderr_path or Path(os.devnull)).open("wb")
        self.spawned_at = time.perf_counter()
        self.process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr_file,
            cwd=cwd,
            env=dict(env) if env is not None else None,
            start_new_session=True,  # its own process group, so a hung server's children die too
        )
        self._next_id = 0
        self._pending: dict[int, _Pending] = {}
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self.notifications: queue.Queue[Received] = queue.Queue()
        self.closed = threading.Event()
        self.reader_error: BaseException | None = None
        self._reader = threading.Thread(target=self._read_loop, name="lsp-reader", daemon=True)
        self._reader.start()

    # -- wire ---------------------------------------------------------------------------------

    def _write(self, message: Mapping[str, Any]) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        data = encode_message(message)
        with self._write_lock:
            try:
                stdin.write(data)
                stdin.flush()
            except (BrokenPipeError, ValueError) as error:
                raise ServerError(f"server closed its input: {error}") from error

    def _read_loop(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        try:
            while True:
                message = _read_message(stdout)
                if message is None:
                    break
                received = Received(message, time.perf_counter())
                if "method" in message and "id" in message:
                    self._answer_server_request(message)
                elif "method" in message:
                    self.notifications.put(received)
                elif "id" in message:
                    with self._lock:
                        pending = self._pending.get(message["id"])
                    if pending is not None:
                        pending.received = received
                        pending.done.set()
        except BaseException as error:  # the reader must never die silently
            self.reader_error = error
        finally:
            self.closed.set()
            with self._lock:
                for pending in self._pending.values():
                    pending.done.set()

    def _answer_server_request(self, message: JsonObject) -> None:
        method = message["method"]
        result: Any = None
        if method == "workspace/configuration":
            items = message.get("params", {}).get("items", [])
            result = [self.settings for _ in items]
        elif method == "workspace/workspaceFolders":
            result = []
        self._write({"jsonrpc": "2.0", "id": message["id"], "result": result})

    # -- API ----------------------------------------------------------------------------------

    def send_request(self, method: str, params: Any) -> tuple[int, float]:
        """Send a request; returns its id and the send time (for :meth:`wait_response`)."""
        with self._lock:
            self._next_id += 1
            request_id = self._next_id
            self._pending[request_id] = _Pending()
        sent_at = time.perf_counter()
        self._write({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return request_id, sent_at

    def wait_response(self, request_id: int, timeout: float) -> Received:
        with self._lock:
            pending = self._pending[request_id]
        if not pending.done.wait(timeout):
            raise ServerError(f"no response to request {request_id} within {timeout:.0f} s")
        with self._lock:
            del self._pending[request_id]
        if pending.received is None:
            raise ServerError(f"server exited before answering request {request_id}")
        return pending.received

    def request(self, method: str, params: Any, timeout: float) -> tuple[Received, float]:
        """Send a request and wait; returns the response and its latency in seconds."""
        request_id, sent_at = self.send_request(method, params)
        received = self.wait_response(request_id, timeout)
        return received, received.at - sent_at

    def notify(self, method: str, params: Any) -> float:
        """Send a notification; returns the send time."""
        sent_at = time.perf_counter()
        self._write({"jsonrpc": "2.0", "method": method, "params": params})
        return sent_at

    def wait_notification(
        self, accept: Callable[[JsonObject], bool], timeout: float
    ) -> Received | None:
        """The first notification that ``accept`` takes (others are dropped), or None.

        Waits up to ``timeout`` seconds for it; what is queued already is always looked at, so
        ``timeout=0`` polls without waiting.
        """
        deadline = time.perf_counter() + timeout
        while True:
            remaining = deadline - time.perf_counter()
            try:
                if remaining > 0:
                    received = self.notifications.get(timeout=min(remaining, 0.05))
                else:
                    received = self.notifications.get_nowait()
            except queue.Empty:
                if remaining <= 0 or (self.closed.is_set() and self.notifications.empty()):
                    return None
                continue
            if accept(received.message):
                return received

    def drain_until_quiet(self, quiet: float, limit: float) -> list[Received]:
        """Drop notifications until none arrives for ``quiet`` seconds (at most ``limit``)."""
        dropped: list[Received] = []
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            try:
                dropped.append(self.notifications.get(timeout=quiet))
            except queue.Empty:
                break
        return dropped

    def pid_tree(self) -> list[int]:
        """The server's pid and its descendants' (some servers analyse in child processes)."""
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
        tree = [self.process.pid]
        for pid in tree:
            tree.extend(children.get(pid, []))
        return tree

    def peak_rss_bytes(self) -> int | None:
        """Sum of the peak resident sets (VmHWM) of the server's process tree, Linux only."""
        total = 0
        found = False
        for pid in self.pid_tree():
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            for line in status.splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1]) * 1024
                    found = True
        return total if found else None

    def close(self, timeout: float = 5.0) -> None:
        """Polite shutdown + exit; kill the process if it does not leave in time."""
        try:
            if self.process.poll() is None and not self.closed.is_set():
                request_id, _ = self.send_request("shutdown", None)
                with contextlib.suppress(ServerError):
                    self.wait_response(request_id, timeout)
                self.notify("exit", None)
        except ServerError:
            pass
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        finally:
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
            self._stderr_file.close()
