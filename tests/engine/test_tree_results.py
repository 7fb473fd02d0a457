"""Calls whose result has the pytree structure of what they are given: a Pallas launch returns
its outputs in ``out_shape``'s structure (a list made a tuple), and ``jax.device_put``,
``jax.lax.with_sharding_constraint`` and ``jax.sharding.reshard`` map over the pytree they
are given.  Each was one array in the analysis, so stop 37's branch-structure check called
a ``lax.cond`` over such a pair and a pair a leaf against a tuple (tpu-inference's stacked
ragged paged attention, ``wrapper.py:1302``, the oracle's run of stop 38), where JAX runs.
Each case is labelled on the pinned JAX (it raises or not) and the finding must agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

CODE = "cond-branch-output-mismatch"

PALLAS = """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy2(x_ref, y_ref, o1, o2):
    o1[...] = x_ref[...]
    o2[...] = y_ref[...]


def copy1(x_ref, y_ref, o1):
    o1[...] = x_ref[...] + y_ref[...]


def run(x, y):
    def launch(args):
        a, b = args
        return pl.pallas_call(KERNEL, out_shape=OUT, interpret=True)(a, b)

    return jax.lax.cond(x.sum() > 0, launch, lambda args: args, (x, y))


run(jnp.ones((8, 128)), jnp.zeros((8, 128)))
"""


def _pallas(kernel: str, out: str) -> str:
    return PALLAS.replace("KERNEL", kernel).replace("OUT", out)


MAPPED = """import jax
import jax.numpy as jnp

one_device = jax.sharding.SingleDeviceSharding(jax.devices()[0])


def run(x, y):
    return jax.lax.cond(x.sum() > 0, lambda a: CALL, lambda a: a, (x, y))


run(jnp.ones((8, 128)), jnp.zeros((8, 128)))
"""


def _mapped(call: str) -> str:
    return MAPPED.replace("CALL", call)


#: (program, found and raises).
CASES = [
    # two outputs come back as a pair, like the other branch's: runs
    (_pallas("copy2", "(a, b)"), False),
    (_pallas("copy2", "[a, b]"), False),  # a list of outputs comes back a tuple
    (_pallas("copy2", "[jax.ShapeDtypeStruct(a.shape, a.dtype)] * 2"), False),
    # one output is one array, against a pair: raises
    (_pallas("copy1", "jax.ShapeDtypeStruct(a.shape, a.dtype)"), True),
    (_pallas("copy1", "a"), True),
    # device_put and the sharding constraint keep the pair a pair: runs
    (_mapped("jax.device_put(a)"), False),
    (_mapped("jax.device_put(a, one_device)"), False),
    (_mapped("jax.lax.with_sharding_constraint(a, one_device)"), False),
    # given one array, or a pair whose second item is a pair: raises
    (_mapped("jax.device_put(a[0])"), True),
    (_mapped("jax.device_put((a[0], a))"), True),
    (_mapped("jax.lax.with_sharding_constraint(a[0], one_device)"), True),
]


def _codes(program: str, tmp_path: Path) -> list[str]:
    path = tmp_path / "program.py"
    path.write_text(program, encoding="utf-8")
    return [f.code for f in fresh_engine().analyze(program, str(path)).findings]


@pytest.mark.parametrize(("program", "found"), CASES)
def test_found_only_where_the_structures_differ(program: str, found: bool, tmp_path: Path) -> None:
    assert (CODE in _codes(program, tmp_path)) is found


def test_an_unknown_out_shape_is_no_leaf(tmp_path: Path) -> None:
    """An ``out_shape`` the analysis cannot read may be any pytree: no structure is claimed."""
    program = _pallas("copy2", "shapes_from_elsewhere(a, b)").replace(
        "import jax\n", "import jax\nfrom somewhere import shapes_from_elsewhere\n", 1
    )
    assert CODE not in _codes(program, tmp_path)


@pytest.mark.jax
def test_the_cases_raise_or_run_on_the_pinned_jax(pinned_jax: None) -> None:
    raised = raised_on_jax("tree_results", [program for program, _ in CASES])
    assert raised == [found for _, found in CASES]
