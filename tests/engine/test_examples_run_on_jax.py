"""The example programs on the pinned CPU JAX: INVALID ones raise their record's error, VALID
ones and the quick-fixed INVALID ones run clean.

One subprocess runs every program (importing JAX once), through the reproducer harness.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jaxlsp.engine import Engine
from jaxlsp.fixes.edits import apply_edits
from jaxlsp.records.match import Matcher
from tests.conftest import REPO
from tests.engine._expect import example_files

pytestmark = pytest.mark.jax

HARNESS = REPO / "tests" / "reproducers" / "_harness.py"
ENVIRONMENT = {
    "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
    "JAX_PLATFORMS": "cpu",
    "JAX_TRACEBACK_FILTERING": "off",
}


def fixed_programs(folder: Path) -> dict[Path, Path]:
    """Each INVALID example with every preferred quick fix applied, written under ``folder``."""
    engine = Engine()
    written = {}
    for path in example_files("invalid"):
        source = path.read_text(encoding="utf-8")
        analysis = engine.analyze(source, str(path))
        fixed = apply_edits(source, engine.fix_all(source, analysis, unsafe=True).edits)
        target = folder / f"fixed_{path.parent.name}_{path.name}"
        target.write_text(fixed, encoding="utf-8")
        written[path] = target
    return written


@cache
def outcomes(folder: Path) -> tuple[dict[str, Any], dict[Path, Path]]:
    fixed = fixed_programs(folder)
    programs = [*example_files("invalid"), *example_files("valid"), *fixed.values()]
    out = folder / "outcomes.json"
    subprocess.run(
        [sys.executable, str(HARNESS), str(out), *map(str, programs)],
        env={**os.environ, **ENVIRONMENT},
        cwd=REPO,
        timeout=600,
        check=True,
        capture_output=True,
    )
    return json.loads(out.read_text(encoding="utf-8")), fixed


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[Path, Path]]:
    return outcomes(tmp_path_factory.mktemp("examples"))


@pytest.mark.parametrize("path", example_files("invalid"), ids=lambda p: p.name)
def test_invalid_example_raises_its_records_error(
    path: Path, results: tuple[dict[str, Any], dict[Path, Path]]
) -> None:
    ran, _ = results
    outcome = ran[str(path)]
    assert outcome["raised"], f"{path.name} ran clean"
    engine = Engine()
    codes = {f.code for f in engine.analyze(path.read_text(encoding="utf-8")).findings}
    matches = Matcher(engine.records.records).match(outcome["message"], limit=1)
    assert matches and matches[0].kind == "exact", outcome["message"]
    assert matches[0].record.slug in codes


@pytest.mark.parametrize("path", example_files("valid"), ids=lambda p: p.name)
def test_valid_example_runs_clean(
    path: Path, results: tuple[dict[str, Any], dict[Path, Path]]
) -> None:
    ran, _ = results
    outcome = ran[str(path)]
    assert not outcome["raised"], outcome.get("traceback")


@pytest.mark.parametrize("path", example_files("invalid"), ids=lambda p: p.name)
def test_quick_fixed_example_runs_clean(
    path: Path, results: tuple[dict[str, Any], dict[Path, Path]]
) -> None:
    ran, fixed = results
    outcome = ran[str(fixed[path])]
    assert not outcome["raised"], outcome.get("traceback")
