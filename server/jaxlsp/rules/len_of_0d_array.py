"""``len(x)`` of a 0-d array: a full reduction's result (``len(x.sum())``), a vector's element,
or a row of a vector inside ``jax.vmap``.  An array's length is its first axis, and a 0-d array
has none, so ``len`` raises TypeError (eagerly, or at trace time for a tracer).

The contract is in the API models (``Requirement.SIZED`` on ``builtins.len``); reported when
the argument surely is a JAX array of rank 0.
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class LenOf0dArray(ArgumentRule):
    NAME = "len-of-0d-array"
    FORMER_NAMES = ("len-of-scalar-array",)
    CODE = "len-of-0d-array"
    RECORD_ID = "2e7e5ab0a49c1670"
    KIND = "unsized"

    VALID = (
        """
import jax
import jax.numpy as jnp

def count(values):
    return len(values)

count(jnp.ones((4, 3)))
jax.vmap(count)(jnp.ones((2, 5)))
n = jnp.ones(3).sum().size

def bin_mask(x, edges):
    # x and edges may be arrays: their comparison is no Python bool
    inside = jnp.logical_and(x >= edges[:-1], x < edges[1:])
    return jnp.zeros(len(inside) - 1)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def count(values):
    return len(values)  # expect: len-of-0d-array

count(jnp.ones(3).sum())
""",
        """
import jax
import jax.numpy as jnp

def per_row(row):
    return jnp.arange(len(row))  # expect: len-of-0d-array

jax.vmap(per_row)(jnp.ones(4))
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`len` is given {violation.described}: an array's length is its first axis, and a "
            "0-d array has none, so it raises TypeError: len() of unsized object. Give it the "
            "array with the axis it counts, or use `.size` or `.shape[0]`."
        )
