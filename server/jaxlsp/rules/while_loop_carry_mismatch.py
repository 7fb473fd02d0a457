"""A ``lax.while_loop`` body (or a ``fori_loop`` with traced bounds, which is a while loop) that
returns its carry with another shape or dtype than it received.

Reported when both shapes (or two strong dtypes) are known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class WhileLoopCarryMismatch(ShapeRule):
    NAME = "while-loop-carry-mismatch"
    FORMER_NAMES = ("while-loop-carry",)
    CODE = "while-loop-carry-mismatch"
    RECORD_ID = "6690984f7d51a67a"
    KINDS = frozenset({"while-carry"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Return the carry with the shape and dtype it came in with: allocate the final shape "
        "up front and update it with `.at[i].set`, or cast with `.astype`."
    )

    VALID = (
        """
import jax.numpy as jnp
from jax import lax

def double_until(x):
    return lax.while_loop(lambda v: v.sum() < 100, lambda v: v * 2, x)

double_until(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

def grow(v):
    return jnp.concatenate([v, v])

lax.while_loop(lambda v: v.sum() < 100, grow, jnp.ones(3))  # expect: while-loop-carry-mismatch
""",
    )
