"""Message bodies decoded while they arrive, so that a big one does not hold up the next message.

A client writes a message into a pipe that holds 64 KiB, so a body of megabytes (the text of a
big file in a ``didOpen`` or a full-text ``didChange``) arrives in pieces over many
milliseconds.  Decoded only once complete, on the event loop, its text held up every message
behind it (a hover sent right after it) for as long again.  ``BodyDecoder`` is fed the pieces
on the reader's thread as they come and decodes each long string (``LONG_STRING`` or more)
meanwhile, piece by piece, with the ``json`` module's own string scanner; once the last byte is
in, what is left for the event loop is the small rest of the message, its *skeleton*: the body
with each long string replaced by the token ``NaN``, which ``json`` decodes handing back the
decoded strings, in order, through ``parse_constant``.

The message decoded is exactly what ``json.loads(body, object_hook=hook)`` gives (pygls's own
decoding): the same values, the same hook calls in the same order, on the event loop.  A body
this does not read as that shape (one that does not parse, a long string where a key goes, a
``NaN`` or ``Infinity`` of its own, more than ``MOST_STRINGS`` strings or a skeleton over
``MOST_SKELETON_BYTES``, not UTF-8) is decoded whole by ``json`` as before, errors included.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: A string this long or longer is decoded while it arrives and left out of the skeleton; a
#: shorter one (a key, a URI, a method) stays in the skeleton for ``json``.
LONG_STRING = 4096
#: Past this many strings (short or long) the body is not one big text with a small envelope:
#: it is decoded whole.
MOST_STRINGS = 1024
#: Likewise past this much skeleton (numbers, arrays, short strings).
MOST_SKELETON_BYTES = 64 * 1024
#: An escape is at most 6 bytes (``\\uXXXX``): a piece of a string may end at an index with no
#: backslash in the 6 bytes before it (not inside an escape, nor between the two escapes of a
#: surrogate pair) and no UTF-8 continuation byte at it.
_ESCAPE_BYTES = 6
#: How far back from the end of what arrived such an index is looked for; a stretch dense with
#: escapes waits for the next piece (or the end).
_CUT_SEARCH_BYTES = 1024
#: The rest of a string after its opening quote, up to and with its closing quote.
_STRING_REST = re.compile(rb'[^"\\]*+(?:\\.[^"\\]*+)*+"', re.DOTALL)
#: json's own string scanner (in C where CPython has it): the string that starts at an index
#: just after its opening quote, decoded, and the index after its closing quote.
_scan_string: Callable[[str, int, bool], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
#: The skeleton's stand-in for a long string (``json`` hands it to ``parse_constant``).
_PLACEHOLDER = b"NaN"


@dataclass(frozen=True)
class Body:
    """One message body, read and ready to be decoded on the event loop.

    Either ``whole`` (decoded by ``json`` in one go) or a ``skeleton`` and the long ``strings``
    it stands in for (see the module docstring)."""

    whole: bytes | None = None
    skeleton: bytes = b""
    strings: tuple[str, ...] = ()

    def decode(self, object_hook: Callable[[dict[str, Any]], Any]) -> Any:
        """The message, as ``json.loads(body, object_hook=object_hook)`` gives it."""
        if self.whole is not None:
            return json.loads(self.whole, object_hook=object_hook)
        strings = iter(self.strings)
        return json.loads(
            self.skeleton, object_hook=object_hook, parse_constant=lambda _: next(strings)
        )

    def __bool__(self) -> bool:
        return bool(self.whole) or bool(self.skeleton)


class BodyDecoder:
    """Decodes the long strings of a body fed to it in pieces (``feed``), as they arrive."""

    def __init__(self) -> None:
        #: Everything fed (kept for a body decoded whole after all), and how far it is read.
        #: One buffer each for it and for the long string being read, not a piece each: the
        #: pieces of a 5 MiB body kept apart until its end left the allocator's heap fragmented
        #: so that it grew with every big body.
        self._raw = bytearray()
        self._at = 0
        self._skeleton = bytearray()
        self._strings: list[str] = []
        #: The long string being read, decoded so far, as UTF-8 (``surrogatepass``: a lone
        #: surrogate comes back as it was); None outside one.
        self._long: bytearray | None = None
        #: Inside a string whose length is not known yet (it may be short).
        self._in_string = False
        self._strings_seen = 0
        #: Whether the first bytes were seen to be a JSON object in UTF-8 (``_start``).
        self._started = False
        #: Why the body is to be decoded whole (None while it is read as it arrives).
        self._whole: str | None = None
        #: Where reading stopped, when a step returned None to wait for more.
        self._unread = 0

    def feed(self, piece: bytes) -> None:
        self._raw += piece
        if self._whole is None:
            self._read(final=False)

    def finish(self) -> Body:
        """The body, once every piece is fed."""
        if self._whole is None:
            self._read(final=True)
        if self._whole is None and (self._in_string or self._long is not None):
            self._whole = "it ends early"
        if self._whole is None:
            skeleton = bytes(self._skeleton)
            if skeleton.count(_PLACEHOLDER) != len(self._strings) or b"Infinity" in skeleton:
                self._whole = "its own NaN or Infinity"
            else:
                try:  # here, not on the event loop: a skeleton that does not parse is rare
                    json.loads(skeleton, parse_constant=str)
                except ValueError:
                    self._whole = "it does not parse"
        if self._whole is not None:
            return Body(whole=bytes(self._raw))
        return Body(skeleton=skeleton, strings=tuple(self._strings))

    @property
    def undecoded(self) -> int:
        """How many bytes fed are not decoded yet (the end of what arrived, short of an index
        where a string may be cut)."""
        return len(self._raw) - self._at

    @property
    def decoded_whole(self) -> str | None:
        """Why the body is decoded whole, or None while it is decoded as it arrives."""
        return self._whole

    def _read(self, final: bool) -> None:
        """Read what arrived, as far as it can be read before more does."""
        data = self._raw
        at: int | None = self._at
        try:
            if not self._started:
                at = self._start(data, final)
            while at is not None and at < len(data) and self._whole is None:
                if self._long is not None:
                    at = self._read_long(data, at, final)
                elif self._in_string:
                    at = self._read_string(data, at, final)
                else:
                    at = self._read_outside(data, at)
        except ValueError as error:  # not UTF-8, a bad escape: json says so, decoding whole
            self._give_up(str(error))
        self._at = self._unread if at is None else at

    def _start(self, data: bytearray, final: bool) -> int | None:
        """json.loads reads bytes as UTF-8 unless they start like UTF-16 or 32 (a NUL among
        the first two) or with a byte-order mark: read only what starts with "{"."""
        if len(data) < 2 and not final:
            self._unread = 0
            return None
        if data[:1] != b"{" or data[1:2] == b"\x00":
            self._give_up("it does not start with '{'")
        self._started = True
        return 0

    def _read_outside(self, data: bytearray, at: int) -> int:
        quote = data.find(b'"', at)
        end = len(data) if quote < 0 else quote
        self._skeleton += data[at:end]
        if len(self._skeleton) > MOST_SKELETON_BYTES:
            self._give_up(f"a skeleton over {MOST_SKELETON_BYTES:,} bytes")
        if quote < 0:
            return end
        self._in_string = True
        self._strings_seen += 1
        if self._strings_seen > MOST_STRINGS:
            self._give_up(f"more than {MOST_STRINGS:,} strings")
        return quote + 1

    def _read_string(self, data: bytearray, at: int, final: bool) -> int | None:
        """A string just opened: a short one goes to the skeleton as it is."""
        window = min(len(data), at + LONG_STRING)
        short = _STRING_REST.match(data, at, window)
        if short is not None:
            self._skeleton += b'"' + data[at : short.end()]
            self._in_string = False
            return short.end()
        if window < at + LONG_STRING and not final:
            self._unread = at  # too little of it yet to tell
            return None
        self._in_string = False
        self._long = bytearray()
        return self._read_long(data, at, final)

    def _read_long(self, data: bytearray, at: int, final: bool) -> int | None:
        """Decode what arrived of a long string, up to an index where it may be cut."""
        assert self._long is not None
        cut = len(data) if final else _cut(data, at)
        if cut <= at:
            self._unread = at
            return None
        text = data[at:cut].decode("utf-8", "surrogatepass")
        # The closing quote added is reached only when the string goes on past the cut.
        value, end = _scan_string(text + '"', 0, True)
        self._long += value.encode("utf-8", "surrogatepass")
        if end > len(text):
            if final:
                self._give_up("a string does not end")
            return cut
        self._strings.append(self._long.decode("utf-8", "surrogatepass"))
        self._long = None
        self._skeleton += _PLACEHOLDER
        return at + len(text[:end].encode("utf-8", "surrogatepass"))

    def _give_up(self, why: str) -> None:
        self._whole = why
        self._skeleton = bytearray()
        self._strings = []
        self._long = None


def _cut(data: bytearray, start: int) -> int:
    """The last index after ``start`` where a string's content arrived so far may be split
    (see ``_ESCAPE_BYTES``), or ``start`` when none is near the end."""
    at = len(data) - 1
    floor = max(start + 1, len(data) - _CUT_SEARCH_BYTES)
    while at >= floor:
        backslash = data.rfind(b"\\", max(start, at - _ESCAPE_BYTES), at)
        if backslash >= 0:
            at = backslash
        elif data[at] & 0xC0 == 0x80:
            at -= 1
        else:
            return at
    return start


__all__ = ["LONG_STRING", "MOST_SKELETON_BYTES", "MOST_STRINGS", "Body", "BodyDecoder"]
