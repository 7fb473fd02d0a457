"""``lax.cond(pred_fun, true_fun, false_fun, x)``: a function given as the predicate where
``cond`` takes its value (a boolean or a number).  JAX reads the predicate's dtype first, a
function has none, and the call raises TypeError before either branch is traced.

Reported where every value the predicate may be is a function.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class CondPredicateFunction(ShapeRule):
    NAME = "cond-predicate-function"
    CODE = "cond-predicate-function"
    RECORD_ID = "54785c6ec3eb7aed"
    KINDS = frozenset({"cond-predicate"})
    NAMES_OPERANDS = False
    ADVICE = "Pass the predicate's value: `lax.cond(pred_fun(x), true_fun, false_fun, x)`."

    VALID = (
        """
import jax.numpy as jnp
from jax import lax

def positive(x):
    return x > 0

x = jnp.float32(2.0)
lax.cond(positive(x), lambda v: v, lambda v: -v, x)
lax.cond(x > 0, lambda v: v, lambda v: -v, x)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax import lax

def positive(x):
    return x > 0

x = jnp.float32(2.0)
lax.cond(positive, lambda v: v, lambda v: -v, x)  # expect: cond-predicate-function
""",
        """
import jax
from jax import lax

@jax.jit
def clipped(x):
    return lax.cond(lambda: x > 1.0, lambda: 1.0, lambda: x)  # expect: cond-predicate-function

clipped(2.0)
""",
    )
