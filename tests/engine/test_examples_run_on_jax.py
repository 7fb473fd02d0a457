"""The example programs on the pinned CPU JAX: INVALID ones raise their record's error, VALID
ones and the quick-fixed INVALID ones run clean.

One subprocess runs every program (importing JAX once), through the reproducer harness.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from jaxlsp.fixes.edits import apply_edits
from jaxlsp.records.match import Matcher
from tests._engine import fresh_engine
from tests._on_jax import run_on_jax
from tests.engine._expect import example_files

pytestmark = pytest.mark.jax


def fixed_sources() -> dict[Path, str]:
    """Each INVALID example with every preferred quick fix applied."""
    engine = fresh_engine()
    fixed = {}
    for path in example_files("invalid"):
        source = path.read_text(encoding="utf-8")
        analysis = engine.analyze(source, str(path))
        fixed[path] = apply_edits(source, engine.fix_all(source, analysis, unsafe=True).edits)
    return fixed


def program_name(kind: str, path: Path) -> str:
    """The name a program runs under: ``kind`` (invalid, valid, fixed), folder and file."""
    return f"{kind}_{path.parent.name}_{path.stem}"


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    programs = {
        program_name(kind, path): path.read_text(encoding="utf-8")
        for kind in ("invalid", "valid")
        for path in example_files(kind)
    }
    programs.update((program_name("fixed", p), text) for p, text in fixed_sources().items())
    return run_on_jax("examples", programs, tmp_path_factory.mktemp("examples"))


@pytest.mark.parametrize("path", example_files("invalid"), ids=lambda p: p.name)
def test_invalid_example_raises_its_records_error(path: Path, results: dict[str, Any]) -> None:
    outcome = results[program_name("invalid", path)]
    assert outcome["raised"], f"{path.name} ran clean"
    engine = fresh_engine()
    codes = {f.code for f in engine.analyze(path.read_text(encoding="utf-8")).findings}
    matches = Matcher(engine.records.records).match(outcome["message"], limit=1)
    assert matches and matches[0].kind == "exact", outcome["message"]
    assert matches[0].record.slug in codes


@pytest.mark.parametrize("path", example_files("valid"), ids=lambda p: p.name)
def test_valid_example_runs_clean(path: Path, results: dict[str, Any]) -> None:
    outcome = results[program_name("valid", path)]
    assert not outcome["raised"], outcome.get("message")


@pytest.mark.parametrize("path", example_files("invalid"), ids=lambda p: p.name)
def test_quick_fixed_example_runs_clean(path: Path, results: dict[str, Any]) -> None:
    outcome = results[program_name("fixed", path)]
    assert not outcome["raised"], outcome.get("message")
