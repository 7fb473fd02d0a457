"""``jnp.concatenate`` of a sequence whose first array is 0-d (a scalar): concatenation joins
arrays along an axis, and a scalar has none.  JAX reads the first array's rank alone, so the
call raises whatever the others are (``axis=None`` flattens them first and does not).

Reported when the first array's rank is known to be 0.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ConcatenateZeroDimensional(ShapeRule):
    NAME = "concatenate-zero-dimensional"
    CODE = "concatenate-zero-dimensional"
    RECORD_ID = "71c037c2692fb402"
    KINDS = frozenset({"concatenate-zero-dim"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Stack scalars into a vector with `jnp.stack([...])` (or `jnp.array([...])`), or give "
        "each one an axis first (`x[None]`, `jnp.atleast_1d(x)`)."
    )

    VALID = (
        """
import jax.numpy as jnp

a = jnp.array(1.0)
b = jnp.array(2.0)
pair = jnp.stack([a, b])
joined = jnp.concatenate([a[None], b[None]])
flat = jnp.concatenate([a, jnp.ones(3)], axis=None)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def losses(total, extra):
    return jnp.concatenate([total, extra])  # expect: concatenate-zero-dimensional

losses(jnp.sum(jnp.ones(3)), jnp.ones(2))
""",
    )
