"""The one place where LSP positions meet engine positions.

LSP counts columns in code units of the negotiated encoding (UTF-16 unless the client offers
something else); the engine counts code points (``jaxlsp.findings``).  Both count lines the same
way: split on ``\\r\\n``, ``\\r`` or ``\\n`` (never on the other characters ``str.splitlines``
knows, which Python source and LSP both treat as text).  Every conversion clamps: a position past
the end of a line or of the document lands on its end, so a client that is a keystroke ahead
gets a sensible answer instead of an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from lsprotocol import types

from jaxlsp.findings import Position, Span
from jaxlsp.syntax.source import split_lines

Encoding = Literal["utf-8", "utf-16", "utf-32"]


def choose_encoding(offered: Sequence[str] | None) -> Encoding:
    """The encoding to answer in: UTF-32 (our native unit) if offered, else the LSP default."""
    if offered and types.PositionEncodingKind.Utf32.value in offered:
        return "utf-32"
    return "utf-16"


def _units(char: str, encoding: Encoding) -> int:
    if encoding == "utf-32":
        return 1
    code = ord(char)
    if encoding == "utf-16":
        return 2 if code > 0xFFFF else 1
    return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4


def units_in(text: str, encoding: Encoding) -> int:
    """How many code units ``text`` takes in ``encoding``."""
    if encoding == "utf-32" or text.isascii():  # (known without reading the text)
        return len(text)
    if encoding == "utf-16":
        return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)
    return len(text.encode("utf-8", errors="surrogatepass"))


def column_to_units(line: str, column: int, encoding: Encoding) -> int:
    """A code-point column of ``line`` as code units (clamped to the line's end)."""
    return units_in(line[: max(column, 0)], encoding)


def units_to_column(line: str, units: int, encoding: Encoding) -> int:
    """A code-unit offset into ``line`` as a code-point column.

    An offset that falls inside a character (half of a surrogate pair) rounds down to the start
    of that character; an offset past the end gives the line's length.
    """
    if encoding == "utf-32" or line.isascii():
        return min(max(units, 0), len(line))
    counted = 0
    for column, char in enumerate(line):
        counted += _units(char, encoding)
        if counted > units:
            return column
    return len(line)


def to_engine(lines: Sequence[str], position: types.Position, encoding: Encoding) -> Position:
    """An LSP position as an engine position, clamped into the document."""
    if not lines:
        return Position(0, 0)
    if position.line >= len(lines):
        return Position(len(lines) - 1, len(lines[-1]))
    line = max(position.line, 0)
    return Position(line, units_to_column(lines[line], position.character, encoding))


def to_lsp(lines: Sequence[str], position: Position, encoding: Encoding) -> types.Position:
    """An engine position as an LSP position, clamped into the document."""
    if not lines:
        return types.Position(line=0, character=0)
    if position.line >= len(lines):
        last = len(lines) - 1
        return types.Position(line=last, character=units_in(lines[last], encoding))
    line = max(position.line, 0)
    return types.Position(
        line=line, character=column_to_units(lines[line], position.column, encoding)
    )


def span_to_range(lines: Sequence[str], span: Span, encoding: Encoding) -> types.Range:
    return types.Range(
        start=to_lsp(lines, span.start, encoding), end=to_lsp(lines, span.end, encoding)
    )


def range_to_span(lines: Sequence[str], range_: types.Range, encoding: Encoding) -> Span:
    start = to_engine(lines, range_.start, encoding)
    end = to_engine(lines, range_.end, encoding)
    return Span(start, max(start, end))


def offset_of(text: str, lines: Sequence[str], position: Position) -> int:
    """The string index of an engine position in ``text`` (whose lines are ``lines``)."""
    offset = 0
    for index in range(min(position.line, len(lines) - 1)):
        offset += len(lines[index])
        # The line break that followed this line: \r\n counts 2, \r or \n counts 1.
        offset += 2 if text.startswith("\r\n", offset) else 1
    if position.line >= len(lines):
        return len(text)
    return offset + min(max(position.column, 0), len(lines[position.line]))


def apply_change(text: str, range_: types.Range | None, new_text: str, encoding: Encoding) -> str:
    """``text`` after one ``didChange`` content change (a full replacement when no range).

    Where every line break is a ``\\n`` (or a ``\\r\\n``), the two ends are found without
    splitting the text into lines (``_NewlineText``): a keystroke in a file of megabytes costs
    the event loop a few passes over the text in C, not a Python loop over its lines.
    """
    if range_ is None:
        return new_text
    if "\r" in text and text.count("\r") != text.count("\r\n"):  # a lone \r ends a line too
        lines = split_lines(text)
        span = range_to_span(lines, range_, encoding)
        start = offset_of(text, lines, span.start)
        end = offset_of(text, lines, span.end)
    else:
        lookup = _NewlineText(text)
        start = lookup.offset(range_.start, encoding)
        end = max(start, lookup.offset(range_.end, encoding))
    return text[:start] + new_text + text[end:]


class _NewlineText:
    """LSP positions in a text whose line breaks are all ``\\n`` or ``\\r\\n``, as string
    indices, found by counting line breaks in C: halving the span that holds the one wanted,
    then stepping through a few."""

    #: Below this many characters the span is stepped through.
    STEP = 4096

    def __init__(self, text: str) -> None:
        self._text = text
        #: The last line found and where it starts: the end of a change is near its start.
        self._known = (0, 0)

    def offset(self, position: types.Position, encoding: Encoding) -> int:
        """Clamped into the document, as ``to_engine`` clamps."""
        text = self._text
        line = max(position.line, 0)
        start = self._line_start(line)
        if start is None:
            return len(text)  # past the last line: its end
        end = text.find("\n", start)
        if end < 0:
            end = len(text)
        elif end > start and text[end - 1] == "\r":
            end -= 1
        # A character takes one code unit or more: the column is among the first ``character``
        # of the line (which may be megabytes long).
        character = max(position.character, 0)
        return start + units_to_column(
            text[start : min(end, start + character)], character, encoding
        )

    def _line_start(self, line: int) -> int | None:
        """Where line ``line`` (0-based) starts, None when the text has fewer lines."""
        text = self._text
        known_line, known_start = self._known
        if line < known_line:
            known_line, known_start = 0, 0
        wanted = line - known_line  # line breaks to pass from the known line's start
        low, high, passed = known_start, len(text), 0
        while wanted - passed > 1 and high - low > self.STEP:
            middle = (low + high) // 2
            found = text.count("\n", low, middle)
            if passed + found >= wanted:
                high = middle
            else:
                low, passed = middle, passed + found
        at = low
        for _ in range(wanted - passed):
            newline = text.find("\n", at)
            if newline < 0:
                return None
            at = newline + 1
        self._known = (line, at)
        return at
