"""A raw JSON-RPC client for the real ``python -m jaxlsp serve`` process.

pytest-lsp only sends well-formed messages; abuse tests need to send broken frames, bad JSON
and messages in the wrong order, stop reading, and look at the process from outside.  This
client frames bytes itself over the subprocess pipes; a reader thread collects every message,
answers the server's own requests (``workspace/configuration``...) with ``null``, and can be
paused to play a client that never reads.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

SERVER = [sys.executable, "-m", "jaxlsp", "serve"]
#: Generous: the first check loads the records; CI machines are slow and shared.
TIMEOUT_S = 60.0

Message = dict[str, Any]


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encode(message: Message) -> bytes:
    return frame(json.dumps(message).encode("utf-8"))


class RawServer:
    """One server process and everything it said, in order."""

    def __init__(
        self,
        cwd: Path,
        *,
        argv: Sequence[str] = SERVER,
        env: dict[str, str] | None = None,
        stderr: IO[bytes] | None = None,
    ) -> None:
        self.stderr_path = cwd / f"server-stderr-{id(self)}.log"
        self._stderr = stderr or self.stderr_path.open("wb")
        self.process = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            cwd=cwd,
            env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
        )
        self.received: list[Message] = []
        self._ids = itertools.count(1)
        self._changed = threading.Condition()
        self._reading = threading.Event()
        self._reading.set()
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # ------------------------------------------------------------------ sending

    def send_bytes(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: Message) -> None:
        self.send_bytes(encode(message))

    def notify(self, method: str, params: Any = None) -> None:
        message: Message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request(self, method: str, params: Any = None) -> int:
        """Send a request; returns its id (wait with ``response``)."""
        request_id = next(self._ids)
        message: Message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return request_id

    def call(self, method: str, params: Any = None, timeout: float = TIMEOUT_S) -> Message:
        return self.response(self.request(method, params), timeout)

    # ------------------------------------------------------------------ receiving

    def _read_loop(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            length = None
            while True:
                line = stdout.readline()
                if not line:
                    with self._changed:
                        self._changed.notify_all()
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            assert length is not None, "the server sent a frame without Content-Length"
            self._reading.wait()  # paused: the body stays in the pipe
            message = json.loads(stdout.read(length))
            if "method" in message and "id" in message:  # the server asks us something
                self._answer(message)
            with self._changed:
                self.received.append(message)
                self._changed.notify_all()

    def _answer(self, request: Message) -> None:
        result: Any = None
        if request["method"] == "workspace/configuration":
            result = [None for _ in request.get("params", {}).get("items", [])]
        with contextlib.suppress(OSError, ValueError):
            self.send({"jsonrpc": "2.0", "id": request["id"], "result": result})

    def pause_reading(self) -> None:
        """Stop reading stdout: a client that never reads (at most one more header is read)."""
        self._reading.clear()

    def resume_reading(self) -> None:
        self._reading.set()

    def wait_for(self, predicate: Callable[[Message], bool], timeout: float = TIMEOUT_S) -> Message:
        """The first message (old or new) for which ``predicate`` holds."""
        deadline = time.monotonic() + timeout
        seen = 0
        with self._changed:
            while True:
                for message in self.received[seen:]:
                    if predicate(message):
                        return message
                seen = len(self.received)
                remaining = deadline - time.monotonic()
                if remaining <= 0 or (
                    self.process.poll() is not None and not self._reader.is_alive()
                ):
                    raise TimeoutError(f"no matching message; the server said: {self.summary()}")
                self._changed.wait(min(remaining, 1.0))

    def response(self, request_id: int, timeout: float = TIMEOUT_S) -> Message:
        return self.wait_for(lambda m: m.get("id") == request_id and "method" not in m, timeout)

    def responses_to(self, request_id: int) -> list[Message]:
        with self._changed:
            return [m for m in self.received if m.get("id") == request_id and "method" not in m]

    def notifications(self, method: str) -> list[Message]:
        with self._changed:
            return [m for m in self.received if m.get("method") == method and "id" not in m]

    def diagnostics(self, uri: str, version: int, timeout: float = TIMEOUT_S) -> list[Message]:
        """The diagnostics published for ``uri`` at ``version``."""
        message = self.wait_for(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri
                and m["params"].get("version") == version
            ),
            timeout,
        )
        diagnostics: list[Message] = message["params"]["diagnostics"]
        return diagnostics

    def summary(self) -> str:
        with self._changed:
            methods = [m.get("method") or f"response {m.get('id')}" for m in self.received[-20:]]
        return f"exit code {self.process.poll()}, last messages {methods}, stderr: {self.stderr()[-2000:]}"

    def stderr(self) -> str:
        with contextlib.suppress(OSError):
            return self.stderr_path.read_text(encoding="utf-8", errors="replace")
        return ""

    # ------------------------------------------------------------------ life cycle

    def initialize(self, capabilities: Message | None = None, **params: Any) -> Message:
        answer = self.call(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": None,
                "capabilities": capabilities or {},
                **params,
            },
        )
        assert "result" in answer, answer
        self.notify("initialized", {})
        return answer

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": uri,
                    "languageId": "python",
                    "version": version,
                    "text": text,
                }
            },
        )

    def close(self, timeout: float = 30) -> int:
        """shutdown + exit, then the exit code (killing the process if it does not go)."""
        with contextlib.suppress(OSError, ValueError, TimeoutError):
            if self.process.poll() is None:
                self.call("shutdown", timeout=timeout)
                self.notify("exit")
        return self.stop(timeout)

    def stop(self, timeout: float = 30) -> int:
        with contextlib.suppress(OSError, ValueError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise
        finally:
            self.resume_reading()
            self._reader.join(5)
            if self._stderr is not None and not self._stderr.closed:
                self._stderr.close()
        return code


@contextlib.contextmanager
def running_server(cwd: Path, **kwargs: Any) -> Iterator[RawServer]:
    """A started (not yet initialized) server that is always stopped afterwards."""
    server = RawServer(cwd, **kwargs)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            with contextlib.suppress(Exception):
                server.close()
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()
