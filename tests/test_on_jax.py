"""The shared on-JAX runner: outcomes kept by program text, support modules and JAX version; a
program runs again only when something it depends on changed, and a kept outcome is what a
fresh run gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tests._on_jax as on_jax
from tests.conftest import REPO

RAISES = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx[0] = 1.0\n"
USES_HELPER = "import helper\n\nhelper.put(1.0)\n"
ARRAY_HELPER = "import jax.numpy as jnp\n\n\ndef put(v):\n    x = jnp.zeros(3)\n    x[0] = v\n"
NUMPY_HELPER = "import numpy as np\n\n\ndef put(v):\n    x = np.zeros(3)\n    x[0] = v\n"


@pytest.mark.jax
def test_only_programs_whose_text_or_support_changed_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pinned_jax: None
) -> None:
    ran: list[list[str]] = []
    real = on_jax._run

    def spy(folder: Path, programs: Any) -> Any:
        ran.append(sorted(programs))
        return real(folder, programs)

    monkeypatch.setattr(on_jax, "_run", spy)
    cache = tmp_path / "outcomes.json"
    programs = {"raises": RAISES, "uses_helper": USES_HELPER}
    first = on_jax.run_on_jax("suite", programs, tmp_path / "a", {"helper.py": ARRAY_HELPER}, cache)
    assert ran == [["raises", "uses_helper"]]
    assert first["raises"]["raised"] and first["raises"]["class"] == "TypeError"
    assert first["uses_helper"]["raised"]
    again = on_jax.run_on_jax("suite", programs, tmp_path / "b", {"helper.py": ARRAY_HELPER}, cache)
    assert again == first and len(ran) == 1  # nothing ran again
    # the support module changed: every program runs again, and the NumPy one does not raise
    changed = on_jax.run_on_jax(
        "suite", programs, tmp_path / "c", {"helper.py": NUMPY_HELPER}, cache
    )
    assert ran[1:] == [["raises", "uses_helper"]]
    assert changed["raises"] == first["raises"] and not changed["uses_helper"]["raised"]
    assert changed == on_jax.run_on_jax(
        "suite", programs, tmp_path / "d", {"helper.py": NUMPY_HELPER}, cache=None
    )
    # a program dropped from the suite leaves the kept outcomes; other suites are kept
    on_jax.run_on_jax("other", {"raises": RAISES}, tmp_path / "e", cache=cache)
    on_jax.run_on_jax("suite", {"raises": RAISES}, tmp_path / "f", cache=cache)
    stored = json.loads(cache.read_text(encoding="utf-8"))
    assert set(stored) == {"suite", "other"}
    assert set(stored["suite"]) == {"raises"}


def test_a_kept_result_is_made_again_only_when_an_input_changed(tmp_path: Path) -> None:
    cache = tmp_path / "outcomes.json"
    calls: list[int] = []

    def run() -> list[int]:
        calls.append(1)
        return [len(calls)]

    assert on_jax.kept_result("labels", {"a.py": "x = 1\n"}, run, cache) == [1]
    assert on_jax.kept_result("labels", {"a.py": "x = 1\n"}, run, cache) == [1]
    assert len(calls) == 1
    assert on_jax.kept_result("labels", {"a.py": "x = 2\n"}, run, cache) == [2]
    assert on_jax.kept_result("labels", {"a.py": "x = 2\n"}, run, cache=None) == [3]


@pytest.mark.jax
def test_a_library_not_installed_here_is_not_kept_as_the_programs_outcome(
    tmp_path: Path, pinned_jax: None
) -> None:
    cache = tmp_path / "outcomes.json"
    programs = {"raises": RAISES, "needs_library": "import not_installed_here\n"}
    found = on_jax.run_on_jax("suite", programs, tmp_path / "a", cache=cache)
    assert found["needs_library"]["class"] == "ModuleNotFoundError"
    stored = json.loads(cache.read_text(encoding="utf-8"))
    assert set(stored["suite"]) == {"raises"}


def test_only_the_fixture_says_when_the_pinned_jax_is_missing() -> None:
    """``pinned_jax`` (tests/conftest.py) is the one place that skips a test where JAX is not
    installed (docs/development.md); a test file with a check of its own drifts from it (the
    Pallas stop 39 causes had one)."""
    copies = [
        str(path.relative_to(REPO))
        for path in sorted((REPO / "tests").rglob("*.py"))
        if path.name != "conftest.py"
        and 'find_spec("jax")' in path.read_text(encoding="utf-8")
        and path != Path(__file__)
    ]
    assert copies == []
