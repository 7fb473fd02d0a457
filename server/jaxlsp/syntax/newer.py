"""Syntax newer than the Python jaxlsp runs on: said as such, not as "not valid Python".

jaxlsp parses with the ``ast`` of its own interpreter, so a server on Python 3.11 cannot read
``def f[T](x: T)`` (PEP 695, Python 3.12), however valid the file is for the Python the project
runs.  When a parse fails, the failing line is compared with the constructs that later Pythons
added; one that this interpreter predates explains the failure, and the user is told to run
jaxlsp from a newer Python instead of being told the file is broken.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

_NAME_AND_PARAMETERS = r"\s*(?:async\s+def|def|class)\s+\w+\s*\[|\s*type\s+\w+\s*\["


@dataclass(frozen=True)
class Construct:
    """A piece of syntax a Python release added, and how its line looks."""

    name: str
    added_in: tuple[int, int]
    line: re.Pattern[str]


#: Most recent first: a line with a type parameter default also matches PEP 695's pattern.
CONSTRUCTS = (
    Construct(
        "template strings (PEP 750)",
        (3, 14),
        re.compile(r"(?<![\w'\"])(?i:t|tr|rt)['\"]"),
    ),
    Construct(
        "`except` with several types without parentheses (PEP 758)",
        (3, 14),
        re.compile(r"^\s*except\*?\s+[^():,\s][^():]*,[^():]*:"),
    ),
    Construct(
        "type parameter defaults (PEP 696)",
        (3, 13),
        re.compile(rf"^(?:{_NAME_AND_PARAMETERS})[^\]]*="),
    ),
    Construct(
        "type parameter lists and `type` statements (PEP 695)",
        (3, 12),
        re.compile(rf"^(?:{_NAME_AND_PARAMETERS})|^\s*type\s+\w+\s*="),
    ),
    Construct(
        "f-strings that reuse their quote inside a replacement field (PEP 701)",
        (3, 12),
        re.compile(r"(?<![\w'\"])(?i:f|rf|fr)(['\"])(?:(?!\1).)*\{[^}]*\1"),
    ),
)


@dataclass(frozen=True)
class NewerSyntax:
    construct: Construct
    running: tuple[int, int, int]

    @property
    def message(self) -> str:
        added = ".".join(map(str, self.construct.added_in))
        running = ".".join(map(str, self.running))
        return (
            f"this file uses {self.construct.name}, new in Python {added}; jaxlsp runs on "
            f"Python {running} and cannot parse it: run jaxlsp from Python {added} or newer "
            "to analyse it"
        )


def newer_syntax(
    error: SyntaxError,
    lines: Sequence[str],
    running: tuple[int, int, int] = (
        sys.version_info.major,
        sys.version_info.minor,
        sys.version_info.micro,
    ),
) -> NewerSyntax | None:
    """The construct newer than ``running`` that explains ``error``, or None (a real error)."""
    if not error.lineno or not 0 < error.lineno <= len(lines):
        return None
    line = lines[error.lineno - 1]
    for construct in CONSTRUCTS:
        if running[:2] < construct.added_in and construct.line.search(line):
            return NewerSyntax(construct, running)
    return None


__all__ = ["CONSTRUCTS", "Construct", "NewerSyntax", "newer_syntax"]
