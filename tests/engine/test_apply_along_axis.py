"""``jnp.apply_along_axis(func1d, axis, arr)`` of a 2-D array runs ``func1d`` under
``jax.vmap`` (jax 0.12.0.1: ``in_axes=0`` for the last axis, ``in_axes=1, out_axes=-1`` for the
first), so ``func1d`` sees batched 1-D tracers: a data-dependent size there raises
ConcretizationTypeError, and the result has the shape vmap gives.  Each case with its close
negative, every label run on the pinned JAX (the rebuild of jax#7542 is in bench/realbugs)."""

from __future__ import annotations

import pytest

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

HEAD = """import jax
import jax.numpy as jnp
import numpy as np

x = jnp.ones((3, 4))
mask = np.array([[0, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 0]])

"""

# (the statements after HEAD, the codes of the error findings)
CASES = [
    ("y = jnp.apply_along_axis(jnp.where, 1, mask)\n", {"concretization-type-error"}),
    ("y = jnp.apply_along_axis(jnp.nonzero, 0, x)\n", {"concretization-type-error"}),
    ("y = jnp.apply_along_axis(lambda r: jnp.unique(r), -1, x)\n", {"concretization-type-error"}),
    (
        "y = jnp.apply_along_axis(jnp.sum, 1, x) + jnp.ones(4)\n",
        {"incompatible-shapes-for-broadcasting"},
    ),
    # close negatives
    ("y = jnp.apply_along_axis(lambda r: jnp.where(r, size=2), 1, mask)\n", set()),
    ("y = jnp.apply_along_axis(jnp.sum, 1, x) + jnp.ones(3)\n", set()),
    ("y = jnp.apply_along_axis(jnp.sum, 0, x) + jnp.ones(4)\n", set()),
    ("y = jnp.apply_along_axis(lambda r: r * 2, 0, x) + x\n", set()),
    ("y = jnp.apply_along_axis(lambda r: jnp.stack([r, r]), 0, x) + jnp.ones((2, 3, 4))\n", set()),
    ("y = jnp.apply_along_axis(lambda r: r[:2], 1, x) + jnp.ones((3, 2))\n", set()),
    # one 1-D array: func1d is called once, on the array itself, untraced
    ("y = jnp.apply_along_axis(jnp.where, 0, jnp.array([0, 1, 1]))\n", set()),
]


def _codes(body: str) -> set[str]:
    analysis = fresh_engine().analyze(HEAD + body, "along.py")
    return {f.code for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize(("body", "codes"), CASES)
def test_apply_along_axis_maps_the_function(body: str, codes: set[str]) -> None:
    assert _codes(body) == codes


@pytest.mark.jax
def test_the_labels_are_what_the_pinned_jax_does(pinned_jax: None) -> None:
    raised = raised_on_jax("apply_along_axis", [HEAD + body for body, _ in CASES])
    assert raised == [bool(codes) for _, codes in CASES]
