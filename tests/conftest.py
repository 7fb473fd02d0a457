"""Shared test helpers: the repository layout and running the installed console script."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Values made by ``jaxlsp.infer.direct_init`` refuse writes at run time only where this is set
# (the refusal costs a fresh analysis 5.8 %); the suite runs with it, before jaxlsp is imported.
os.environ["JAXLSP_CHECK_FROZEN"] = "1"

REPO = Path(__file__).resolve().parents[1]
SHARED_SEEDS = REPO.parent / "shared" / "seeds"


@pytest.fixture(scope="session")
def pinned_jax() -> None:
    """Asked for by each test and fixture that runs programs on the pinned JAX: skips them
    where JAX is not installed (a checkout without the ``jax`` extra), the one place that
    says so."""
    if importlib.util.find_spec("jax") is None:
        pytest.skip("the pinned JAX is not installed (pip install -e '.[jax]')")


def jaxlsp_executable() -> list[str]:
    """The installed ``jaxlsp`` console script (next to this interpreter), as CI installs it."""
    script = Path(sys.executable).with_name("jaxlsp")
    if script.exists():
        return [str(script)]
    found = shutil.which("jaxlsp")
    if found is None:
        pytest.fail("the jaxlsp console script is not installed; run pip install -e '.[dev]'")
    return [found]


def run_jaxlsp(
    *args: str, stdin: str | None = None, cwd: Path | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [*jaxlsp_executable(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd or REPO,
        timeout=timeout,
        env=env,
        check=False,
    )
