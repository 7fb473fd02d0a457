"""The ``# expect: <code>`` convention of INVALID examples, shared by the engine tests."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from jaxlsp.codes import code_table
from jaxlsp.engine import Engine
from tests.conftest import REPO

EXPECT = re.compile(r"#\s*expect:\s*([a-z0-9-]+)")
EXAMPLES = REPO / "examples"


def expected(source: str) -> set[tuple[int, str]]:
    """(0-based line, code) for every expect comment (a record's former slug stands for its
    slug today, as in ignore comments and the config)."""
    table = code_table()
    return {
        (number, table.canonical(match.group(1)))
        for number, line in enumerate(source.split("\n"))
        for match in EXPECT.finditer(line)
    }


def findings_of(engine: Engine, source: str) -> set[tuple[int, str]]:
    """(0-based line, code) of every finding in ``source`` (dedented), which must parse."""
    analysis = engine.analyze(textwrap.dedent(source))
    assert analysis.parse_error is None
    return {(f.span.start.line, f.code) for f in analysis.findings}


def example_files(kind: str) -> list[Path]:
    """``kind`` is "valid" or "invalid"."""
    return sorted(EXAMPLES.rglob(f"{kind}_*.py"))
