"""``jnp.linalg.solve(a, b)`` with a batch of matrices ``a`` (..., m, m) and a batch of vectors
``b`` (..., m): since JAX 0.5 a ``b`` of two or more axes is read as matrices of right-hand
sides, and this shape, which used to mean a batched 1-dimensional solve, raises ValueError.

Reported where both shapes are known and match JAX's check: ``b`` has one axis fewer than
``a``, its last axis is ``a``'s size and its next-to-last is not.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class LinalgSolveBatchedVector(ShapeRule):
    NAME = "linalg-solve-batched-vector"
    CODE = "linalg-solve-batched-vector"
    RECORD_ID = "d669aec344469434"
    KINDS = frozenset({"linalg-solve"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give `b` a trailing axis: `jnp.linalg.solve(a, b[..., None]).squeeze(-1)`, or "
        "`jax.vmap(jnp.linalg.solve)(a, b)`."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

a = jnp.tile(jnp.eye(2), (5, 1, 1))
b = jnp.ones((5, 2))
jnp.linalg.solve(a, b[..., None]).squeeze(-1)
jax.vmap(jnp.linalg.solve)(a, b)
jnp.linalg.solve(jnp.eye(2), jnp.ones(2))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

a = jnp.tile(jnp.eye(2), (5, 1, 1))
b = jnp.ones((5, 2))
jnp.linalg.solve(a, b)  # expect: linalg-solve-batched-vector
""",
    )
