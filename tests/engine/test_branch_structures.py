"""``lax.cond``/``lax.switch`` branches whose outputs surely have different pytree structures
(a dict with other keys, a tuple and an array, a tuple and a list): JAX compares the
structures first and raises TypeError ("cond branch outputs must have the same pytree
structure"), read on jax 0.12.0.1; each case with its close negative."""

from __future__ import annotations

from pathlib import Path

import pytest

from jaxlsp.findings import Finding
from tests._engine import fresh_engine

HEADER = "import jax\nimport jax.numpy as jnp\n\nx = jnp.ones(3)\np = x.sum() > 1\n"


def _found(tmp_path: Path, body: str, code: str = "cond-branch-output-mismatch") -> list[Finding]:
    program = HEADER + body
    path = tmp_path / "branches.py"
    path.write_text(program, encoding="utf-8")
    return [f for f in fresh_engine().analyze(program, str(path)).findings if f.code == code]


@pytest.mark.parametrize(
    ("true_fun", "false_fun", "said"),
    [
        ('lambda v: {"a": v, "b": v}', 'lambda v: {"a": v}', "a dict with keys ['a', 'b']"),
        ("lambda v: (v, v)", "lambda v: v", "a tuple of length 2"),
        ("lambda v: (v, v)", "lambda v: [v, v]", "a tuple of length 2"),
        ('lambda v: (v, {"n": 3})', "lambda v: (v, {})", "at [1]"),
    ],
)
def test_structures_that_differ(tmp_path: Path, true_fun: str, false_fun: str, said: str) -> None:
    found = _found(tmp_path, f"jax.lax.cond(p, {true_fun}, {false_fun}, x)\n")
    assert len(found) == 1
    assert "must have the same pytree structure" in found[0].message and said in found[0].message


@pytest.mark.parametrize(
    ("true_fun", "false_fun"),
    [
        ('lambda v: {"a": v, "b": v}', 'lambda v: {"b": v * 2, "a": v}'),  # key order is not
        ("lambda v: (v, v.sum())", "lambda v: (v, 0.0)"),  # leaves: an array and a number
        ("lambda v: (v, None)", "lambda v: (v, v)"),  # None may be an optional value: no claim
        ("lambda v: v", "lambda v: unknown(v)"),  # an unknown output
    ],
)
def test_structures_alike_or_not_known(tmp_path: Path, true_fun: str, false_fun: str) -> None:
    body = f"from somewhere import unknown\njax.lax.cond(p, {true_fun}, {false_fun}, x)\n"
    assert _found(tmp_path, body) == []


def test_the_branches_read_their_operands(tmp_path: Path) -> None:
    """jax#2660's shape: each branch picks its output from a tuple of operands."""
    body = "ops = ((1., dict(a=3, b=4)), (0., dict()))\njax.lax.cond(p, lambda o: o[0], lambda o: o[1], ops)\n"
    assert len(_found(tmp_path, body)) == 1
    same = "ops = ((1., dict(a=3)), (0., dict(a=0)))\njax.lax.cond(p, lambda o: o[0], lambda o: o[1], ops)\n"
    assert _found(tmp_path, same) == []


def test_switch_branches(tmp_path: Path) -> None:
    body = "jax.lax.switch(1, [lambda v: (v, v), lambda v: [v, v]], x)\n"
    found = _found(tmp_path, body, "switch-branch-output-mismatch")
    assert len(found) == 1 and "switch branch outputs" in found[0].message
    same = "jax.lax.switch(1, [lambda v: (v, v), lambda v: (v, -v)], x)\n"
    assert _found(tmp_path, same, "switch-branch-output-mismatch") == []


#: kfac-jax's ``_eigh``: a host callback's pair against the operands' pair.  The callback's
#: result has ``result_shape_dtypes``' structure, a pair here: no leaf to compare with.
CALLBACK_PAIR = """import numpy as np


def host_eigh(v, *_):
    shapes = (jax.ShapeDtypeStruct(v.shape[:-1], v.dtype), jax.ShapeDtypeStruct(v.shape, v.dtype))
    return jax.pure_callback(np.linalg.eigh, shapes, v)


m = jnp.eye(3)
s, q = jnp.linalg.eigh(m)
jax.lax.cond(jnp.any(jnp.isnan(s)), host_eigh, lambda *args: args[1:], m, s, q)
"""


def test_a_callback_returns_the_structure_of_its_result_shapes(tmp_path: Path) -> None:
    assert _found(tmp_path, CALLBACK_PAIR) == []
    # one ShapeDtypeStruct: one array, against a pair (JAX raises)
    single = CALLBACK_PAIR.replace(
        "return jax.pure_callback(np.linalg.eigh, shapes, v)",
        "return jax.pure_callback(np.linalg.eigvalsh, shapes[0], v)",
    )
    assert len(_found(tmp_path, single)) == 1
