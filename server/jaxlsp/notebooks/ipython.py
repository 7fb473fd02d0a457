"""IPython syntax in a notebook cell, masked so the cell parses as Python with its positions kept.

IPython rewrites a cell before Python sees it: ``%magic`` and ``!shell`` lines, ``x = !cmd`` and
``x = %magic`` assignments, ``obj?``/``??obj`` help, the ``/f x`` autocall escapes, and ``%%cell``
magics that hand the whole cell to another interpreter.  None of it is Python, and none of it is
JAX code, so it is masked: a magic line becomes ``pass`` (at its own indentation, so a magic
that is a block's only statement still leaves a block), the right-hand side of a magic
assignment becomes ``_`` (a value the analysis cannot know), and the lines of a cell magic whose
body is not Python become empty.  The Python that ``%time``/``%timeit`` run keeps its columns:
the magic's name becomes ``pass;`` padded to the same width.  Lines keep their number, so a
position in the masked text is the position in the cell; ``MaskedCell.masked_lines`` says which
lines differ, so a fix never rewrites a line the user wrote as IPython.

Only a line where a statement can start is looked at: a ``%`` or ``!`` inside brackets, a string
or a continued line is Python (a modulo, a not-equal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jaxlsp.syntax.source import split_lines

#: Cell magics whose body is Python run in the notebook's namespace: the body is analysed.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
#: Line magics followed by a Python statement that runs in the notebook's namespace.
_STATEMENT_MAGIC = re.compile(r"%{1,2}(?:time|timeit|prun)[ \t]+(?=[^-\s])")
#: ``target = !cmd`` or ``target = %magic ...`` (targets: names, attributes, tuples of them).
_MAGIC_ASSIGNMENT = re.compile(
    r"(?P<target>[A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*\s*,?\s*=\s*)(?P<magic>[!%].*)"
)
#: What starts an IPython-only line: a magic, a shell escape, help, an autocall escape.
_ESCAPES = ("%", "!", "?", "/", ",", ";")
_CELL_MAGIC = re.compile(r"%%(?P<name>\w+)")


@dataclass(frozen=True)
class MaskedCell:
    """A cell's text with its IPython syntax masked, and which lines that changed."""

    text: str
    masked_lines: frozenset[int] = frozenset()


def mask_ipython(source: str) -> MaskedCell:
    """``source`` (one cell) as Python with the same lines; line breaks become ``\\n``."""
    lines = split_lines(source)
    first = next((n for n, line in enumerate(lines) if line.strip()), None)
    magic = _CELL_MAGIC.match(lines[first]) if first is not None else None
    if magic is not None and magic.group("name") not in PYTHON_CELL_MAGICS:
        # The body is another language (bash, HTML, a file to write): none of it runs here.
        changed = frozenset(n for n, line in enumerate(lines) if line)
        return MaskedCell("\n" * (len(lines) - 1), changed)
    scanner = _LineScanner()
    out: list[str] = []
    changed_lines: set[int] = set()
    magic_continues = False
    for number, line in enumerate(lines):
        if magic_continues:
            magic_continues = line.endswith("\\")
            out.append("")
            changed_lines.add(number)
            continue
        if scanner.at_statement_start():
            replaced = _mask_line(line)
            if replaced is not None:
                out.append(replaced)
                changed_lines.add(number)
                if _keeps_python(line):
                    scanner.scan(replaced)
                else:
                    magic_continues = line.endswith("\\")
                continue
        scanner.scan(line)
        out.append(line)
    return MaskedCell("\n".join(out), frozenset(changed_lines))


def _keeps_python(line: str) -> bool:
    """Whether the masked line keeps Python after the magic (``%time stmt``)."""
    return _STATEMENT_MAGIC.match(line.lstrip()) is not None


def _mask_line(line: str) -> str | None:
    """The masked form of a line that starts a statement, or None when it is Python."""
    stripped = line.lstrip()
    if not stripped:
        return None
    indent = line[: len(line) - len(stripped)]
    if (statement := _STATEMENT_MAGIC.match(stripped)) is not None:
        width = statement.end()
        return indent + "pass;".ljust(width) + stripped[width:]
    if stripped.startswith(_ESCAPES) or _is_help(stripped):
        return indent + "pass"
    if (assignment := _MAGIC_ASSIGNMENT.fullmatch(stripped)) is not None:
        return indent + assignment.group("target") + "_"
    return None


def _is_help(stripped: str) -> bool:
    """``obj?`` or ``obj??`` (a line whose code ends with ``?``; no Python line does)."""
    code = stripped.rstrip()
    return code.endswith("?") and not any(char in code for char in "#'\"")


class _LineScanner:
    """Follows brackets, strings and backslash continuations from line to line, enough to say
    whether the next line starts a statement."""

    def __init__(self) -> None:
        self.depth = 0
        #: The quote of the string open at the end of the last line ('"""' for a triple one).
        self.quote: str | None = None
        self.continued = False

    def at_statement_start(self) -> bool:
        return self.depth == 0 and self.quote is None and not self.continued

    def scan(self, line: str) -> None:
        index, length = 0, len(line)
        quote = self.quote
        comment = False
        while index < length:
            char = line[index]
            if quote is not None:
                if char == "\\":
                    index += 2
                    continue
                if line.startswith(quote, index):
                    index += len(quote)
                    quote = None
                    continue
                index += 1
                continue
            if char == "#":
                comment = True
                break
            if char in "([{":
                self.depth += 1
            elif char in ")]}":
                self.depth = max(self.depth - 1, 0)
            elif char in "\"'":
                quote = char * 3 if line.startswith(char * 3, index) else char
                index += len(quote)
                continue
            index += 1
        self.continued = not comment and line.endswith("\\")
        if quote is not None and len(quote) == 1 and not self.continued:
            quote = None  # an unterminated one-line string ends with its line
        self.quote = quote


__all__ = ["PYTHON_CELL_MAGICS", "MaskedCell", "mask_ipython"]
