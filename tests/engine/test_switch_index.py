"""``switch-index-not-integer``: ``lax.switch`` refuses a boolean or inexact index ("Index type
must be an integer, got True as bool") and an index of rank >= 1 ("Branch index must be
scalar"), read on jax 0.12.0.1; each case with its close negative."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

CODE = "switch-index-not-integer"
HEADER = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nx = jnp.ones(3)\n"
BRANCHES = "[lambda v: v, lambda v: -v]"


def _found(tmp_path: Path, body: str) -> list[Finding]:
    program = HEADER + body
    path = tmp_path / "switching.py"
    path.write_text(program, encoding="utf-8")
    return [f for f in fresh_engine().analyze(program, str(path)).findings if f.code == CODE]


@pytest.mark.parametrize(
    ("index", "said"),
    [
        ("True", "as bool"),
        ("x.sum() > 0", "as bool"),
        ("jax.random.bernoulli(jax.random.key(0), 0.5)", "as bool"),
        ("1.0", "as a float"),
        ("x[0]", "as float32"),
        ("jnp.array([0, 1])", "must be scalar"),
        ("np.arange(3)", "must be scalar"),
    ],
)
def test_an_index_switch_refuses(tmp_path: Path, index: str, said: str) -> None:
    found = _found(tmp_path, f"jax.lax.switch({index}, {BRANCHES}, x)\n")
    assert len(found) == 1 and said in found[0].message


@pytest.mark.parametrize(
    "index",
    [
        "1",
        "jnp.int32(1)",
        "(x.sum() > 0).astype(jnp.int32)",
        "jnp.argmax(x)",
        "np.int64(0)",
        "unknown()",  # not known: silent
    ],
)
def test_an_integer_scalar_or_an_unknown(tmp_path: Path, index: str) -> None:
    body = f"from elsewhere import unknown\njax.lax.switch({index}, {BRANCHES}, x)\n"
    assert _found(tmp_path, body) == []


def test_inside_vmap_the_index_is_one_example_s(tmp_path: Path) -> None:
    body = f"jax.vmap(lambda i, v: jax.lax.switch(i, {BRANCHES}, v))(jnp.array([0, 1, 1]), x)\n"
    assert _found(tmp_path, body) == []
    traced = "jax.jit(lambda b, v: jax.lax.switch(b > 0, " + BRANCHES + ", v))(1.0, x)\n"
    assert len(_found(tmp_path, traced)) == 1
