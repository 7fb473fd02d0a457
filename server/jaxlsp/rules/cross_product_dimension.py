"""``jnp.cross`` of vectors whose last axis does not have 3 entries: planar 2-vectors (which
NumPy accepts and JAX does not), or vectors stored along another axis.

Reported when the last axis's size is a known int and no ``axis``/``axisa``/``axisb`` says
the vectors lie elsewhere.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class CrossProductDimension(ShapeRule):
    NAME = "cross-product-dimension"
    CODE = "cross-product-dimension"
    RECORD_ID = "479647f25b26e7f6"
    KINDS = frozenset({"cross-dimension"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give both vectors 3 entries on their last axis; for 2-vectors compute the z "
        "component `a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]`, and for vectors along "
        "another axis pass `axisa`/`axisb` (or `axis`)."
    )

    VALID = (
        """
import jax.numpy as jnp

normal = jnp.cross(jnp.ones((5, 3)), jnp.array([0.0, 0.0, 1.0]))
columns = jnp.cross(jnp.ones((3, 5)), jnp.ones((3, 5)), axis=0)
""",
    )
    INVALID = (
        """
import jax.numpy as jnp

def turn(u, v):
    return jnp.cross(u, v)  # expect: cross-product-dimension

turn(jnp.ones((4, 2)), jnp.ones((4, 2)))
""",
    )
