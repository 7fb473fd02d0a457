"""Reading a Python file's text as Python does: a UTF-8 byte order mark, or a PEP 263 coding
line (``# -*- coding: latin-1 -*-``) in its first two lines, says how its bytes are decoded.

A file that cannot be decoded is not Python the interpreter would run; ``UndecodableSource``
says where the first bad byte is (0-based line and column), so a report points at it.
"""

from __future__ import annotations

import codecs
import io
import re
import tokenize
from pathlib import Path

#: PEP 263's coding line.
_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")


class UndecodableSource(ValueError):
    """The file's bytes are not text in its declared (or the default UTF-8) encoding."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        #: Where the problem is: 0-based line and column (in characters).
        self.line = line
        self.column = column


def decode_source(data: bytes) -> str:
    """``data`` decoded as Python decodes a source file, line ends made ``\\n`` (as reading a
    file in text mode does); raises ``UndecodableSource``."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        coding = [n for n, text in enumerate(data.split(b"\n")[:2]) if _CODING.match(text)]
        if coding:  # an unknown encoding, or one that contradicts a byte order mark
            raise UndecodableSource(str(error), coding[0], 0) from None
        # The first lines are not UTF-8: decoding them says where.
        encoding = "utf-8-sig" if data.startswith(codecs.BOM_UTF8) else "utf-8"
    if data.startswith(codecs.BOM_UTF8):  # the mark is no character of the text
        data, encoding = data[len(codecs.BOM_UTF8) :], "utf-8"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        raise _where(data, error, encoding) from None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def write_source(path: Path, text: str, like: bytes) -> None:
    """Write ``text`` to ``path`` as the file's bytes ``like`` were written: the same encoding
    (byte order mark included) and line ends."""
    encoding = "utf-8-sig" if like.startswith(codecs.BOM_UTF8) else None
    if encoding is None:
        try:
            encoding, _ = tokenize.detect_encoding(io.BytesIO(like).readline)
        except SyntaxError:
            encoding = "utf-8"
    newline = "\r\n" if b"\r\n" in like else "\n"
    path.write_bytes(text.replace("\n", newline).encode(encoding))


def read_source(path: Path) -> str:
    """The text of the Python file at ``path`` (see ``decode_source``); raises ``OSError`` or
    ``UndecodableSource``."""
    return decode_source(path.read_bytes())


def _where(data: bytes, error: UnicodeDecodeError, encoding: str) -> UndecodableSource:
    start = error.start
    line = data.count(b"\n", 0, start)
    line_start = data.rfind(b"\n", 0, start) + 1
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
    column = len(decoder.decode(data[line_start:start]))
    bad = data[start : min(error.end, start + 4)].hex(" ")
    name = codecs.lookup(encoding).name
    return UndecodableSource(
        f"cannot decode byte(s) {bad} as {name} (line {line + 1}, column {column + 1}): "
        "declare the file's encoding with a coding line (PEP 263) or save it as UTF-8",
        line,
        column,
    )


__all__ = ["UndecodableSource", "decode_source", "read_source", "write_source"]
