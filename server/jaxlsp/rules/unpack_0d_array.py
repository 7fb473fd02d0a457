"""``a, b = x`` where ``x`` is a 0-d JAX array: unpacking iterates over the first axis, and a
0-d array has none, so JAX raises TypeError: iteration over a 0-d array (a tracer's at trace
time: a scan carry that is one number where the body expects a pair, an element of a vector).

Reported when the value surely is a JAX array of rank 0 in every alternative.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class Unpack0dArray(ShapeRule):
    NAME = "unpack-0d-array"
    CODE = "unpack-0d-array"
    RECORD_ID = "ff995a19206a1dc6"
    KINDS = frozenset({"unpack-0d"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Pass the pair the code unpacks (a tuple of two arrays, or an array with a leading "
        "axis of that size), or index the array instead of unpacking it."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

def step(state, x):
    level, trend = state
    return (level + x, trend), level

jax.lax.scan(step, (jnp.float32(0.0), jnp.float32(0.0)), jnp.arange(3.0))
rows, cols = jnp.ones((2, 3)).shape
first, second = jnp.arange(2.0)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def step(state, x):
    level, trend = state  # expect: unpack-0d-array
    return (level + x, trend), level

jax.lax.scan(step, jnp.float32(0.0), jnp.arange(3.0))
""",
        """
import jax
import jax.numpy as jnp

def f(carry, y):
    y1, y2 = y  # expect: unpack-0d-array
    return carry + y1 * y2, None

jax.lax.scan(f, 0.0, jnp.ones(4))
""",
    )
