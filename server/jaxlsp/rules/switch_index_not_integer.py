"""``lax.switch(index, branches, ...)`` with an index that surely is no integer scalar: a
boolean (a comparison's result, a ``bernoulli`` draw), a float, or an array of rank one or more.
``switch`` picks one branch by position for the whole call, so it raises TypeError before any
branch is traced.

Reported where the index's dtype (or rank) is known: a Python ``bool`` or ``float``, a JAX or
NumPy array; an index of unknown dtype is silent.  Inside ``jax.vmap`` the rank is the
per-example one (a batched index is allowed: switch becomes a select).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class SwitchIndexNotInteger(ShapeRule):
    NAME = "switch-index-not-integer"
    CODE = "switch-index-not-integer"
    RECORD_ID = "14fb8ac7a141504b"
    KINDS = frozenset({"switch-index"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give `switch` an integer scalar: `flag.astype(jnp.int32)` for a boolean, "
        "`jnp.int32(i)` for a float; or use `lax.cond` for a boolean choice."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

flag = jax.random.bernoulli(jax.random.key(0), 0.3)
branches = [lambda v: v, lambda v: -v]
jax.lax.switch(flag.astype(jnp.int32), branches, jnp.ones(3))
jax.lax.cond(flag, branches[1], branches[0], jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

flag = jax.random.bernoulli(jax.random.key(0), 0.3)
branches = [lambda v: v, lambda v: -v]
jax.lax.switch(flag, branches, jnp.ones(3))  # expect: switch-index-not-integer
""",
    )
