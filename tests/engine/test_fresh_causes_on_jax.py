"""The programs of ``test_fresh_causes`` on the pinned CPU JAX: the ones that must get no error
finding run to the end, the ones that must get one raise (one subprocess, through the
reproducer harness)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.engine.test_fresh_causes import CASES

pytestmark = pytest.mark.jax

HARNESS = REPO / "tests" / "reproducers" / "_harness.py"
ENVIRONMENT = {"JAX_PLATFORMS": "cpu", "JAX_TRACEBACK_FILTERING": "off"}


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("fresh")
    programs = []
    for name, source, _ in CASES:
        path = folder / f"{name}.py"
        path.write_text(source, encoding="utf-8")
        programs.append(str(path))
    out = folder / "outcomes.json"
    subprocess.run(
        [sys.executable, str(HARNESS), str(out), *programs],
        env={**os.environ, **ENVIRONMENT},
        cwd=REPO,
        timeout=600,
        check=True,
        capture_output=True,
    )
    outcomes = json.loads(out.read_text(encoding="utf-8"))
    return {Path(path).stem: outcome for path, outcome in outcomes.items()}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_label_holds_on_jax(
    name: str, source: str, expected: set[str], ran: dict[str, Any]
) -> None:
    outcome = ran[name]
    assert outcome["raised"] == bool(expected), outcome.get("traceback") or name
