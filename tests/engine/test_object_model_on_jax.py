"""The programs of ``test_object_model`` on the pinned CPU JAX: the ones that must get no
error finding run to the end, the ones that must get one raise (one subprocess, through the
reproducer harness); a program that needs a library this environment lacks (flax) is
skipped."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.engine.test_object_model import CASES, KEY_CASES

pytestmark = pytest.mark.jax

HARNESS = REPO / "tests" / "reproducers" / "_harness.py"
ENVIRONMENT = {"JAX_PLATFORMS": "cpu", "JAX_TRACEBACK_FILTERING": "off"}


def _installed(needs: tuple[str, ...]) -> bool:
    return all(importlib.util.find_spec(name) is not None for name in needs)


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("objects")
    programs = []
    for name, source, _, needs in CASES:
        if not _installed(needs):
            continue
        path = folder / f"{name}.py"
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        programs.append(str(path))
    for name, source, _ in KEY_CASES:
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


@pytest.mark.parametrize(("name", "source", "expected", "needs"), CASES, ids=[c[0] for c in CASES])
def test_label_holds_on_jax(
    name: str, source: str, expected: set[str], needs: tuple[str, ...], ran: dict[str, Any]
) -> None:
    if not _installed(needs):
        pytest.skip(f"needs {', '.join(needs)}")
    outcome = ran[name]
    assert outcome["raised"] == bool(expected), outcome.get("traceback") or name


@pytest.mark.parametrize(("name", "source", "reused"), KEY_CASES, ids=[c[0] for c in KEY_CASES])
def test_key_label_holds_on_jax(name: str, source: str, reused: bool, ran: dict[str, Any]) -> None:
    assert ran[name]["raised"] == reused, ran[name].get("traceback") or name
