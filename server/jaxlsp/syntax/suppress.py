"""``# jaxlsp: ignore[code, ...]`` (or bare ``# jaxlsp: ignore``) on a finding's first or last line.

The comment is matched in the line's text after a ``#``; a ``#`` inside a string literal on the
same line could fool it, which only ever hides a finding the user asked to hide on that line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jaxlsp.findings import Finding

IGNORE_COMMENT = re.compile(r"#\s*jaxlsp:\s*ignore(?:\[(?P<codes>[^\]]*)\])?")


def ignored_codes(line: str) -> frozenset[str] | None:
    """The codes an ignore comment on ``line`` names; empty set = everything; None = no comment."""
    if "jaxlsp" not in line:
        return None
    match = IGNORE_COMMENT.search(line)
    if match is None:
        return None
    codes = match.group("codes")
    if codes is None:
        return frozenset()
    from jaxlsp.codes import code_table  # a record's former slug names it too

    table = code_table()
    return frozenset(table.canonical(code.strip()) for code in codes.split(",") if code.strip())


def is_suppressed(lines: Sequence[str], finding: Finding) -> bool:
    for number in {finding.span.start.line, finding.span.end.line}:
        if not 0 <= number < len(lines):
            continue
        codes = ignored_codes(lines[number])
        if codes is not None and (not codes or finding.code in codes or finding.rule in codes):
            return True
    return False
