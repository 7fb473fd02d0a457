"""``jnp.diagonal`` (or ``x.diagonal()``) of an array with fewer than two axes: a vector or a
scalar has no diagonal to take.

Reported when the argument's rank is known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class DiagonalInputRank(ShapeRule):
    NAME = "diagonal-input-rank"
    CODE = "diagonal-input-rank"
    RECORD_ID = "e8d1feba6af4eb55"
    KINDS = frozenset({"diagonal-rank"})
    NAMES_OPERANDS = False
    ADVICE = (
        "`jnp.diagonal` takes a matrix (or a batch of them); to build a diagonal matrix from a "
        "vector use `jnp.diag(v)`, and a vector that already holds the diagonal needs no call."
    )

    VALID = (
        """
import jax.numpy as jnp

variances = jnp.diagonal(jnp.eye(3))
batched = jnp.diagonal(jnp.ones((8, 3, 3)), axis1=-2, axis2=-1)
scale = jnp.diag(jnp.ones(3))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def variances(covariance):
    return jnp.diagonal(covariance)  # expect: diagonal-input-rank

variances(jnp.ones(3))
""",
    )
