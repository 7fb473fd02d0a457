"""The example programs in ``examples/``: findings exactly where ``# expect:`` says, none in VALID."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.engine import Engine
from tests.engine._expect import EXAMPLES, example_files, expected

ENGINE = Engine()


def test_both_seed_scenarios_have_several_examples() -> None:
    for scenario in ("symbolic_zeros", "pallas_mesh"):
        folder = EXAMPLES / scenario
        assert len(list(folder.glob("invalid_*.py"))) >= 3
        assert len(list(folder.glob("valid_*.py"))) >= 3


@pytest.mark.parametrize("path", example_files("invalid"), ids=lambda p: p.name)
def test_invalid_example(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    analysis = ENGINE.analyze(source, str(path))
    assert {(f.span.start.line, f.code) for f in analysis.findings} == expected(source)
    assert all(f.severity == "error" for f in analysis.findings)


@pytest.mark.parametrize("path", example_files("valid"), ids=lambda p: p.name)
def test_valid_example(path: Path) -> None:
    analysis = ENGINE.analyze(path.read_text(encoding="utf-8"), str(path))
    assert analysis.parse_error is None
    assert analysis.findings == ()
