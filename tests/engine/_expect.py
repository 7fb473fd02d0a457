"""The ``# expect: <code>`` convention of INVALID examples, shared by the engine tests."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import REPO

EXPECT = re.compile(r"#\s*expect:\s*([a-z0-9-]+)")
EXAMPLES = REPO / "examples"


def expected(source: str) -> set[tuple[int, str]]:
    """(0-based line, code) for every expect comment."""
    return {
        (number, match.group(1))
        for number, line in enumerate(source.split("\n"))
        for match in EXPECT.finditer(line)
    }


def example_files(kind: str) -> list[Path]:
    """``kind`` is "valid" or "invalid"."""
    return sorted(EXAMPLES.rglob(f"{kind}_*.py"))
