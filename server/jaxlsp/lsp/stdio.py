"""``jaxlsp serve``: the server over stdin/stdout, and the framing repairs its reader needs.

On POSIX the server reads fd 0 itself (``StdinBuffer``) instead of through ``sys.stdin``: the
bytes read but not yet handled are then known exactly, so the process can re-execute itself
between two messages without losing any (``jaxlsp.lsp.recycle``), and a big body is decoded
piece by piece as it arrives (``jaxlsp.lsp.bodies``), on the reader's thread.  The loop over
the messages is pygls's (``read_messages``), handing each body to pygls's protocol decoded as
pygls decodes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import select
import sys
import threading
import typing
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter

from jaxlsp.lsp import recycle
from jaxlsp.lsp.bodies import Body, BodyDecoder
from jaxlsp.lsp.handlers import create_server
from jaxlsp.lsp.server import JaxlspServer

#: How long a thread holds the GIL while another waits for it (CPython's default is 5 ms): a
#: request crosses the reader, the loop and the requests thread, each waiting out an interval
#: while an analysis holds the GIL (``bench.busy_requests`` measures it).
GIL_SWITCH_INTERVAL_S = 0.001


def serve(
    log_level: str = "WARNING",
    restore: Path | None = None,
    started: Callable[[], None] | None = None,
) -> NoReturn:
    """Run over stdio until the client says exit; logs go to stderr (stdout is the protocol).

    ``restore`` is the state a recycled server left for this process (``jaxlsp.lsp.recycle``):
    the session goes on where it stopped, without a word to the client.  ``started`` is
    called once the start's modules and engine are loaded, before the first message is read
    (``jaxlsp.lsp.generated_code``).

    Exits with the code LSP asks for: 0 after a ``shutdown`` request, else 1.  (pygls
    computes it too, but its ``sys.exit`` is swallowed by its own IO loop.)  The process ends
    with ``os._exit``, without interpreter finalisation: background work still running (an
    index load or build on a daemon thread, inside pydantic-core's native code) would
    otherwise be torn down mid-call, which aborts the process (SIGABRT) instead of exiting.
    """
    logging.basicConfig(
        level=log_level, stream=sys.stderr, format="jaxlsp: %(levelname)s: %(message)s"
    )
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    server = create_server()
    carried = recycle.read_state(restore) if restore is not None else None
    # The curated records are loaded before the first message is read (the client's
    # initialize waits in the pipe meanwhile): loaded on the worker after the handshake, the
    # first didOpen, which clients send right after it, waited for them (bench.run).
    with contextlib.suppress(Exception):  # a failed load is reported when an analysis needs it
        server.engines.checking_engine()
    if started is not None:
        started()
    owned = StdinBuffer.for_stdin(carried.stdin if isinstance(carried, recycle.State) else b"")
    first: Callable[[], Awaitable[None]] | None = None
    if owned is not None:
        server.recycler = recycle.Recycler(server, owned, carried)
        first = server.recycler.restore
    try:
        run_stdio(server, HeaderTolerantStdin(owned or sys.stdin.buffer), owned, first)
    finally:
        server.stop_workers()
    code = 0 if getattr(server.protocol, "_shutdown", False) else 1
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed pipe: nothing left to say
            stream.flush()
    os._exit(code)


def run_stdio(
    server: JaxlspServer,
    stdin: HeaderTolerantStdin,
    owned: StdinBuffer | None,
    first: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """pygls's ``start_io`` with our reader, and ``first`` awaited before the first read."""
    stop = server._stop_event = threading.Event()  # pygls's: its exit and shutdown set it
    reader = MessageReader(stdin, owned, server.thread_pool)
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))

    async def main() -> None:
        if first is not None:
            await first()
        await read_messages(stop, reader, server.protocol, server.report_server_error)

    try:
        asyncio.run(main())
    except BrokenPipeError:
        logger.error("the connection to the client is lost; shutting down")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()  # type: ignore[no-untyped-call]


class MessageProtocol(typing.Protocol):
    """What ``read_messages`` hands the messages to (pygls's ``JsonRPCProtocol``)."""

    def structure_message(self, data: dict[str, Any]) -> Any: ...

    def handle_message(self, message: Any) -> None: ...


async def read_messages(
    stop: threading.Event,
    reader: MessageReader,
    protocol: MessageProtocol,
    error_handler: Callable[[Exception, type[JsonRpcException]], Any],
) -> None:
    """pygls's loop over the messages (``pygls.io_.run_async``), each read by
    ``MessageReader.next_body`` and decoded here: the same messages, handled in the same order."""
    while not stop.is_set():
        body = await reader.next_body()
        if body is None:
            break
        try:
            protocol.handle_message(body.decode(protocol.structure_message))
        except Exception as error:
            logger.exception("Unable to handle message")
            error_handler(error, JsonRpcException)


#: The header as ``HeaderTolerantStdin`` hands it on.
_EXACT_CONTENT_LENGTH = re.compile(rb"Content-Length: (\d+)\r\n")
_CONTENT_LENGTH = re.compile(rb"content-length:[ \t]*(\d+)[ \t]*\r?\n\Z", re.IGNORECASE)
#: The largest message body the server reads; a header announcing more is refused (logged, and
#: the stream resynchronised at the next header), so no length can exhaust memory or block.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
#: The most bytes read as one header line; a longer line (junk) is handed on in pieces.
MAX_HEADER_LINE_BYTES = 64 * 1024
#: How much of a piece is kept, so a header split between two pieces is still found.
_CARRY = 256
#: A body this long or longer is decoded as it arrives (``jaxlsp.lsp.bodies``); a shorter one
#: mostly arrives in one piece anyway.
STREAMED_BODY_BYTES = 64 * 1024

logger = logging.getLogger("jaxlsp.lsp")


class HeaderTolerantStdin:
    """stdin as pygls's reader sees it: every ``Content-Length`` header line made exact, and
    none that announces more than ``MAX_MESSAGE_BYTES``.

    pygls accepts only ``Content-Length: N\\r\\n`` alone on its line.  After one frame whose
    length was wrong, each following header lands on the same line as the rest of the previous
    body, and pygls would never see a header again (every later request silently lost).  A
    line that ends with a Content-Length header (any case, any junk before it) is handed on
    as the exact header, so the stream resynchronises at the next message.

    pygls reads as many bytes as a header says, so a huge length would exhaust memory or wait
    for a body that never comes.  Such a header is logged and handed on as a blank line: pygls
    skips what follows (the body is not a header) until the next message's header, found by
    the same repair.  Lines are read in bounded pieces, so junk without a newline cannot grow
    one line without bound either.
    """

    def __init__(self, raw: BinaryIO | StdinBuffer) -> None:
        self._raw = raw
        #: The end of the last piece when it was not a whole line (see ``_CARRY``).
        self._carry = b""

    def readline(self) -> bytes:
        piece = self._raw.readline(MAX_HEADER_LINE_BYTES)
        found = _CONTENT_LENGTH.search(self._carry + piece)
        self._carry = b"" if piece.endswith(b"\n") else piece[-_CARRY:]
        if found is None:
            return piece
        digits = found.group(1)
        if len(digits) > len(str(MAX_MESSAGE_BYTES)) or int(digits) > MAX_MESSAGE_BYTES:
            logger.error(
                "refused a message of %s bytes (the limit is %s); skipping it up to the next "
                "message's header",
                f"{int(digits):,}" if len(digits) <= 30 else f"a {len(digits)}-digit number of",
                f"{MAX_MESSAGE_BYTES:,}",
            )
            return b"\r\n"
        return b"Content-Length: " + digits + b"\r\n"

    def read(self, size: int = -1) -> bytes:
        return self._raw.read(size)

    def read_body(self, size: int) -> Body:
        """A message body of ``size`` bytes (less only at the end): a long one decoded as its
        pieces arrive."""
        if size < STREAMED_BODY_BYTES:
            return Body(whole=self._raw.read(size))
        decoder = BodyDecoder()
        if isinstance(self._raw, StdinBuffer):
            for piece in self._raw.read_pieces(size):
                decoder.feed(piece)
        else:
            decoder.feed(self._raw.read(size))
        return decoder.finish()


class StdinBuffer:
    """fd 0, read with ``os.read`` into a buffer this object owns.

    Every byte taken from the pipe is appended to the buffer and every byte handed to the
    reader taken out of it under ``lock``, and the reader waits for input (``select``) without
    holding it: whoever holds the lock knows exactly which bytes were read and not yet handed
    on, and no read is under way.  The message reader marks each message boundary (``mark``),
    the moment it asks for the next header after handling a body; ``paused`` tells whether
    nothing was handed on since.
    """

    #: The most bytes one ``os.read`` takes.
    CHUNK = 256 * 1024

    def __init__(self, fd: int, carried: bytes = b"") -> None:
        self._fd = fd
        self._data = bytearray(carried)
        self._eof = False
        #: Held while bytes move into or out of ``_data``.
        self.lock = threading.Lock()
        #: Bytes handed on since this process started, and that count at the last boundary.
        self._handed = 0
        self._boundary = 0

    @classmethod
    def for_stdin(cls, carried: bytes = b"") -> StdinBuffer | None:
        """fd 0 as a ``StdinBuffer`` (POSIX: ``select`` waits on pipes there), else None."""
        if os.name != "posix":
            return None
        return cls(sys.stdin.fileno(), carried)

    def readline(self, limit: int = -1) -> bytes:
        """Up to and with the next newline (at most ``limit`` bytes); less only at the end."""
        while True:
            with self.lock:
                end = self._data.find(b"\n")
                size = end + 1 if end >= 0 else None
                if limit >= 0 and (size is None or size > limit) and len(self._data) >= limit:
                    size = limit
                if size is None and self._eof:
                    size = len(self._data)
                if size is not None:
                    return self._hand_on(size)
            self._fill()

    def read(self, size: int = -1) -> bytes:
        """``size`` bytes (all until the end with -1); less only at the end."""
        while True:
            with self.lock:
                if self._eof or 0 <= size <= len(self._data):
                    return self._hand_on(len(self._data) if size < 0 else size)
            self._fill()

    def read_pieces(self, size: int) -> Iterator[bytes]:
        """``size`` bytes (less only at the end), in the pieces they arrive in; what takes a
        piece does its work without holding ``lock``."""
        left = size
        while left > 0:
            with self.lock:
                if self._data:
                    piece: bytes | None = self._hand_on(min(left, len(self._data)))
                elif self._eof:
                    return
                else:
                    piece = None
            if piece is None:
                self._fill()
            else:
                left -= len(piece)
                yield piece

    def _hand_on(self, size: int) -> bytes:
        with memoryview(self._data) as view:  # one copy (a slice would make two)
            taken = view[:size].tobytes()
        del self._data[:size]
        self._handed += len(taken)
        return taken

    def _fill(self) -> None:
        select.select([self._fd], [], [])  # a handover may take the lock meanwhile
        with self.lock:
            chunk = os.read(self._fd, self.CHUNK)
            if chunk:
                self._data += chunk
            else:
                self._eof = True

    def mark(self) -> None:
        """A message was handled and the next one's header is about to be read."""
        with self.lock:
            self._boundary = self._handed

    @contextlib.contextmanager
    def paused(self) -> Iterator[bytes | None]:
        """Hold the reader still; yield the bytes read and not handed on when it stands at a
        message boundary (nothing of the next message handed on), else None."""
        with self.lock:
            at_boundary = self._handed == self._boundary and not self._eof
            yield bytes(self._data) if at_boundary else None


class MessageReader:
    """stdin read on a thread for the event loop, a whole message at a time, telling the
    ``StdinBuffer`` where each message ends.

    One hand-over to the thread and back per message, not one per header line and body (as
    pygls reads): each is a wake-up of two threads, and on a busy machine each wake-up may
    wait for a core (``bench.run``'s hover p99).  ``read_messages`` asks for the next message
    only after it handed the previous body to the protocol, on the event loop: that call
    marks a boundary.
    """

    def __init__(
        self,
        stdin: HeaderTolerantStdin,
        owned: StdinBuffer | None,
        executor: ThreadPoolExecutor | None,
    ) -> None:
        self._stdin = stdin
        self._owned = owned
        self._executor = executor
        self._after_body = False

    def next_body(self) -> Awaitable[Body | None]:
        """The next message's body; None at the end of the input."""
        if self._after_body and self._owned is not None:
            self._owned.mark()
        self._after_body = True
        return asyncio.get_running_loop().run_in_executor(self._executor, self._read_message)

    def _read_message(self) -> Body | None:
        """Header lines up to the blank one after a ``Content-Length``, then the body (pygls's
        framing: any other line before it is skipped)."""
        content_length = 0
        while True:
            header = self._stdin.readline()
            if not header:
                return None
            if not content_length and (match := _EXACT_CONTENT_LENGTH.fullmatch(header)):
                content_length = int(match.group(1))
            if content_length and not header.strip():
                body = self._stdin.read_body(content_length)
                return body if body else None


__all__ = [
    "GIL_SWITCH_INTERVAL_S",
    "MAX_MESSAGE_BYTES",
    "STREAMED_BODY_BYTES",
    "HeaderTolerantStdin",
    "MessageReader",
    "StdinBuffer",
    "read_messages",
    "run_stdio",
    "serve",
]
