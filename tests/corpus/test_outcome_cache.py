"""The corpus's outcomes on JAX, cached by program text: a program runs again only when it (or
what is watched in it) changed, and a cached outcome is what a fresh run gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bench.recall import Program

import tests.corpus._hints as hints_module
from tests.corpus._hints import Hint, probe_cached

RAISES = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx[0] = 1.0\n"
RUNS = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\ny = x + 1\n"


@pytest.mark.jax
def test_only_changed_programs_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pinned_jax: None
) -> None:
    raises, runs = tmp_path / "raises.py", tmp_path / "runs.py"
    raises.write_text(RAISES)
    runs.write_text(RUNS)
    programs = [
        Program(raises, "immutable-array-item-assignment", "positive", ("direct",), frozenset()),
        Program(runs, "immutable-array-item-assignment", "negative", ("direct",), frozenset()),
    ]
    hints = [Hint(str(runs.resolve()), 4, "y", "float32[3]")]
    ran: list[list[str]] = []
    real = hints_module.probe_on_jax

    def spy(chosen: Any, watched: Any) -> Any:
        ran.append([program.name for program in chosen])
        return real(chosen, watched)

    monkeypatch.setattr(hints_module, "probe_on_jax", spy)
    cache = tmp_path / "outcomes.json"
    first = probe_cached(programs, hints, cache)
    assert ran == [[programs[0].name, programs[1].name]]
    outcomes, seen = first
    assert (
        outcomes[programs[0].name]["raised"] and outcomes[programs[0].name]["class"] == "TypeError"
    )
    assert not outcomes[programs[1].name]["raised"]
    assert seen == {hints[0].key: ["float32[3]"]}
    assert probe_cached(programs, hints, cache) == first  # nothing ran again
    assert len(ran) == 1
    runs.write_text(RUNS.replace("x + 1", "x[0] + 1"))  # now y is 0-d
    outcomes, seen = probe_cached(programs, hints, cache)
    assert ran[1:] == [[programs[1].name]]
    assert seen == {hints[0].key: ["float32[]"]}
    stored = json.loads(cache.read_text())["programs"]
    assert set(stored) == {programs[0].name, programs[1].name}
