"""The "ignore on this line" fix: add (or extend) ``# jaxlsp: ignore[code]`` on the line."""

from __future__ import annotations

from collections.abc import Sequence

from jaxlsp.findings import Finding, Fix, Position, Span, TextEdit
from jaxlsp.syntax.suppress import IGNORE_COMMENT


def ignore_on_line(lines: Sequence[str], finding: Finding) -> Fix | None:
    number = finding.span.start.line
    if not 0 <= number < len(lines):
        return None
    line = lines[number]
    title = f"Ignore {finding.code} on this line"
    match = IGNORE_COMMENT.search(line) if "jaxlsp" in line else None
    if match is not None and match.group("codes") is not None:
        at = match.end() - 1  # before the closing bracket
        edit = TextEdit(Span(Position(number, at), Position(number, at)), f", {finding.code}")
        return Fix(title, (edit,), kind="suppress")
    if match is not None or line.rstrip().endswith("\\"):
        return None  # already ignored entirely, or a comment would end the continuation
    end = len(line.rstrip())
    edit = TextEdit(
        Span(Position(number, end), Position(number, len(line))),
        f"  # jaxlsp: ignore[{finding.code}]",
    )
    return Fix(title, (edit,), kind="suppress")
