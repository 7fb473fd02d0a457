"""``jnp.diag`` of an array that is neither a vector nor a matrix: a batch of matrices, or a
scalar.

Reported when the argument's rank is known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class DiagInputRank(ShapeRule):
    NAME = "diag-input-rank"
    CODE = "diag-input-rank"
    RECORD_ID = "c321bedf600eedcb"
    KINDS = frozenset({"diag-rank"})
    NAMES_OPERANDS = False
    ADVICE = (
        "For the diagonals of a batch of matrices use `jnp.diagonal(x, axis1=-2, axis2=-1)`; "
        "to build diagonal matrices from a batch of vectors, `jax.vmap(jnp.diag)`."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

variances = jnp.diag(jnp.eye(3))
scale = jnp.diag(jnp.ones(3))
batched = jax.vmap(jnp.diag)(jnp.ones((8, 3, 3)))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def variances(covariance):
    return jnp.diag(covariance)  # expect: diag-input-rank

variances(jnp.ones((8, 3, 3)))
""",
    )
