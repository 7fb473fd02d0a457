"""Message templates: the literal text of a JAX error with holes where values go.

A raise site's message is known only up to its runtime values: ``f"got {x}"`` becomes the
template ``["got ", Hole("x")]``.  From a template we derive the record's ``errorMessage`` (holes
shown as ``{x}``) and its ``messagePattern``: literal text escaped, holes as bounded wildcards,
and line breaks matched by any whitespace, so the pattern finds the message a user pastes.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: Longest text one hole may stand for.  Values in JAX messages (shapes, specs, pytrees, reprs
#: of jaxprs) can be long, but an unbounded wildcard between two literals invites backtracking.
HOLE_MAX_CHARS = 2_000

#: The hole between two literals (lazy: it stops at the next literal) and at the end (greedy:
#: the rest of the message belongs to it).
_MIDDLE_HOLE = f".{{0,{HOLE_MAX_CHARS}}}?"
_TRAILING_HOLE = f".{{0,{HOLE_MAX_CHARS}}}"
#: Characters with a meaning in a pattern; everything else is written as itself (readable).
_REGEX_META = frozenset(".^$*+?{}[]()|\\")
_WHITESPACE_WITH_BREAK = re.compile(r"[ \t]*(?:\r?\n[ \t]*)+")
_PRINTF = re.compile(
    r"%(?:\((?P<key>[^)]*)\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?"
    r"(?P<conv>[diouxXeEfFgGcrsa%])"
)


@dataclass(frozen=True)
class Hole:
    """A runtime value in a message; ``label`` names it for people (``{axis_name}``).

    ``helper``: the value is the result of a function of another JAX module
    (``stages._device_assignment_mismatch_error``), whose message the build splices in.
    """

    label: str = "..."
    helper: str | None = field(default=None, compare=False)


Part = str | Hole
Template = tuple[Part, ...]


def normalize(parts: Iterable[Part]) -> Template:
    """Merge neighbouring literals and neighbouring holes; drop empty literals."""
    merged: list[Part] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if merged and isinstance(merged[-1], str):
                merged[-1] = merged[-1] + part
                continue
        elif merged and isinstance(merged[-1], Hole):
            continue
        merged.append(part)
    return tuple(merged)


def literal_text(template: Template) -> str:
    return "".join(part for part in template if isinstance(part, str))


def render_message(template: Template) -> str:
    """The message as people read it: literal text, holes as ``{label}``, edges trimmed."""
    return "".join(p if isinstance(p, str) else f"{{{p.label}}}" for p in template).strip()


def to_pattern(template: Template) -> str:
    """A regex that finds the runtime message of ``template`` (see the module docstring).

    A leading hole is dropped (the search is unanchored); a trailing one takes the rest of the
    message, so that the match covers it.  ``(?s)`` lets holes span lines (pytrees, jaxprs).
    """
    parts = list(normalize(_strip_edges(template)))
    while parts and isinstance(parts[0], Hole):
        parts.pop(0)
    pieces: list[str] = []
    for index, part in enumerate(parts):
        if isinstance(part, Hole):
            pieces.append(_TRAILING_HOLE if index == len(parts) - 1 else _MIDDLE_HOLE)
        elif index == len(parts) - 2 and part != part.rstrip():
            # whitespace before the last value: a message whose value is empty (or blank) ends
            # there, and is compared stripped, so that whitespace may be gone too
            pieces.append(_escape_literal(part.rstrip()) + r"\s*")
        else:
            pieces.append(_escape_literal(part))
    body = "".join(pieces)
    return f"(?s){body}" if any(isinstance(p, Hole) for p in parts) else body


def _strip_edges(template: Template) -> list[Part]:
    """Runtime messages are compared stripped, so the template's outer whitespace goes too
    (merged first: a literal made only of whitespace must not shield the one before it)."""
    parts = list(normalize(template))
    if parts and isinstance(parts[0], str):
        parts[0] = parts[0].lstrip()
    if parts and isinstance(parts[-1], str):
        parts[-1] = parts[-1].rstrip()
    return parts


def _escape_literal(text: str) -> str:
    """Escape only regex metacharacters; any run of whitespace with a line break becomes
    ``\\s*`` (pasted tracebacks re-wrap and re-indent multi-line messages)."""
    out: list[str] = []
    position = 0
    for found in _WHITESPACE_WITH_BREAK.finditer(text):
        out.append(_escape_chars(text[position : found.start()]))
        out.append(r"\s*")
        position = found.end()
    out.append(_escape_chars(text[position:]))
    return "".join(out)


def _escape_chars(text: str) -> str:
    pieces = []
    for char in text:
        if char in _REGEX_META:
            pieces.append("\\" + char)
        elif char == "\t":
            pieces.append(r"\t")
        elif char == "\r":
            pieces.append(r"\r")
        else:
            pieces.append(char)
    return "".join(pieces)


def apply_printf(template: Template, arguments: Sequence[Part]) -> Template:
    """``template % arguments``: each ``%s``-style conversion becomes its argument (``%%``
    stays a percent sign).  Conversions beyond the known arguments become holes."""
    out: list[Part] = []
    remaining = list(arguments)
    for part in template:
        if isinstance(part, Hole):
            out.append(part)
            continue
        position = 0
        for found in _PRINTF.finditer(part):
            out.append(part[position : found.start()])
            if found.group("conv") == "%":
                out.append("%")
            elif found.group("key") is not None:
                out.append(Hole(found.group("key") or "..."))
            else:
                out.append(remaining.pop(0) if remaining else Hole())
            position = found.end()
        out.append(part[position:])
    return normalize(out)


def apply_format(
    template: Template, positional: Sequence[Part], named: dict[str, Part]
) -> Template:
    """``template.format(...)``: replacement fields become their arguments or holes; a
    literal that is not a valid format string is kept as written."""
    out: list[Part] = []
    auto_index = 0
    for part in template:
        if isinstance(part, Hole):
            out.append(part)
            continue
        try:
            fields = list(string.Formatter().parse(part))
        except ValueError:
            out.append(part)
            continue
        for literal, field_name, _spec, _conversion in fields:
            out.append(literal)
            if field_name is None:
                continue
            head = re.split(r"[.\[]", field_name, maxsplit=1)[0]
            value: Part | None
            if head == "":
                value = positional[auto_index] if auto_index < len(positional) else None
                auto_index += 1
            elif head.isdigit():
                number = int(head)
                value = positional[number] if number < len(positional) else None
            else:
                value = named.get(head)
            if value is None or head != field_name:
                value = Hole(field_name or "...")
            out.append(value)
    return normalize(out)
