"""A traced value where a reduction or a range needs a concrete one: ``jnp.sum(x, axis)`` with
``axis`` an argument of a jitted or vmapped function raises ConcretizationTypeError (the APIs
that do are measured: ``jaxlsp.apis.contracts.CONCRETE_AXES``, checked here on the pinned
JAX for the ``jax.numpy`` ones)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from bench.recall import CPU_ENVIRONMENT

from jaxlsp.apis.contracts import CONCRETE_AXES
from jaxlsp.engine import Engine
from tests.engine._expect import findings_of

ENGINE = Engine()

TRACED = [
    "jax.jit(lambda x, axis: jnp.sum(x, axis))(a, 1)",
    "jax.jit(lambda x, axis: x.mean(axis=axis))(a, 1)",
    "jax.vmap(lambda x, axis: jnp.max(x, axis))(a, jnp.zeros(2, dtype=int))",
]
STATIC = [
    "jax.jit(lambda x, axis: jnp.sum(x, axis), static_argnums=1)(a, 1)",
    "jax.vmap(lambda x, axis: jnp.sum(x, axis), in_axes=(0, None))(a, 0)",
    "jax.jit(lambda x: jnp.std(x, axis=x.ndim - 1))(a)",
]
PROGRAM = """
import jax
import jax.numpy as jnp

a = jnp.ones((2, 3))
{line}
"""


@pytest.mark.parametrize("line", TRACED)
def test_a_traced_axis_of_a_reduction_is_reported(line: str) -> None:
    assert findings_of(ENGINE, PROGRAM.format(line=line)) == {(5, "concretization-type-error")}


@pytest.mark.parametrize("line", STATIC)
def test_a_static_or_unbatched_axis_is_not(line: str) -> None:
    assert findings_of(ENGINE, PROGRAM.format(line=line)) == set()


PROBE = """
import json, sys, warnings
import jax, jax.numpy as jnp

warnings.simplefilter("ignore")
said = {}
for name in json.loads(sys.argv[1]):
    try:
        jax.jit(lambda axis: getattr(jnp, name)(jnp.ones((2, 3, 4)), axis=axis))(1)
        said[name] = "ran"
    except Exception as error:
        said[name] = type(error).__name__
print(json.dumps(said))
"""


@pytest.mark.jax
def test_each_numpy_reduction_listed_raises_concretization_for_a_traced_axis(
    pinned_jax: None,
) -> None:
    names = sorted(n.removeprefix("jax.numpy.") for n in CONCRETE_AXES if "numpy" in n)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(names)],
        capture_output=True,
        text=True,
        env={**os.environ, **CPU_ENVIRONMENT},
        timeout=600,
        check=True,
    )
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert {n: s for n, s in said.items() if s != "ConcretizationTypeError"} == {}


def test_a_jitted_functions_number_result_is_traced_in_an_outer_jit() -> None:
    # jax#35090: jit's outputs are arrays, even of a Python number computed from a static
    # argument, so an outer trace sees a tracer where arange needs a concrete bound
    source = """
import functools
import jax
import jax.numpy as jnp

@functools.partial(jax.jit, static_argnums=(0,))
def add1(i):
    return i + 1

@functools.partial(jax.jit, static_argnums=(0,))
def my_arange(k):
    return jnp.arange(add1(k))

def plain_arange(k):
    return jnp.arange(add1(k))

my_arange(5)
plain_arange(5)
"""
    assert findings_of(ENGINE, source) == {(11, "concretization-type-error")}
