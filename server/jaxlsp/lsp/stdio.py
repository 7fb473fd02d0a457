"""``jaxlsp serve``: the server over stdin/stdout, and the framing repairs its reader needs."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
from typing import BinaryIO, NoReturn, cast

from jaxlsp.lsp.handlers import create_server

#: How long a thread holds the GIL while another waits for it (CPython's default is 5 ms): a
#: request crosses the reader, the loop and the requests thread, each waiting out an interval
#: while an analysis holds the GIL (``bench.busy_requests`` measures it).
GIL_SWITCH_INTERVAL_S = 0.001


def serve(log_level: str = "WARNING") -> NoReturn:
    """Run over stdio until the client says exit; logs go to stderr (stdout is the protocol).

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
    # The curated records are loaded before the first message is read (the client's
    # initialize waits in the pipe meanwhile): loaded on the worker after the handshake, the
    # first didOpen, which clients send right after it, waited for them (bench.run).
    with contextlib.suppress(Exception):  # a failed load is reported when an analysis needs it
        server.engines.checking_engine()
    try:
        server.start_io(stdin=cast(BinaryIO, HeaderTolerantStdin(sys.stdin.buffer)))
    finally:
        server.stop_workers()
    code = 0 if getattr(server.protocol, "_shutdown", False) else 1
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):  # a closed pipe: nothing left to say
            stream.flush()
    os._exit(code)


_CONTENT_LENGTH = re.compile(rb"content-length:[ \t]*(\d+)[ \t]*\r?\n\Z", re.IGNORECASE)
#: The largest message body the server reads; a header announcing more is refused (logged, and
#: the stream resynchronised at the next header), so no length can exhaust memory or block.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
#: The most bytes read as one header line; a longer line (junk) is handed on in pieces.
MAX_HEADER_LINE_BYTES = 64 * 1024
#: How much of a piece is kept, so a header split between two pieces is still found.
_CARRY = 256

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

    def __init__(self, raw: BinaryIO) -> None:
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


__all__ = ["GIL_SWITCH_INTERVAL_S", "MAX_MESSAGE_BYTES", "HeaderTolerantStdin", "serve"]
