"""``lax.cond(pred, ...)`` with a predicate of rank one or more (an elementwise comparison, one
flag per example of a batch).  ``cond`` takes one branch for the whole call, so it raises
TypeError before either branch is traced.

Reported where the predicate is surely an array (a JAX or NumPy array) of known rank >= 1; the
rank a predicate has inside ``jax.vmap`` is the per-example one.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class CondPredicateNotScalar(ShapeRule):
    NAME = "cond-predicate-not-scalar"
    CODE = "cond-predicate-not-scalar"
    RECORD_ID = "09f30045b0188210"
    KINDS = frozenset({"cond-predicate-rank"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Choose elementwise with `jnp.where(pred, a, b)`, reduce the predicate "
        "(`jnp.all(pred)`), or `jax.vmap` the function that calls `cond`."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

x = jnp.array([1.0, -2.0, 3.0])
jax.lax.cond(jnp.all(x > 0), lambda v: v, lambda v: -v, x)
jax.vmap(lambda v: jax.lax.cond(v > 0, lambda u: u, lambda u: -u, v))(x)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

x = jnp.array([1.0, -2.0, 3.0])
positive = x > 0
jax.lax.cond(positive, lambda v: v, lambda v: -v, x)  # expect: cond-predicate-not-scalar
""",
    )
