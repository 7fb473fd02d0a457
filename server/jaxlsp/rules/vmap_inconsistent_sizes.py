"""``jax.vmap`` over arguments whose mapped axes have different sizes.

Every mapped axis (``in_axes``; keyword arguments over axis 0) must have one size.  Reported
when two of those sizes are known integers.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class VmapInconsistentSizes(ShapeRule):
    NAME = "vmap-inconsistent-sizes"
    FORMER_NAMES = ("vmap-axis-sizes",)
    CODE = "vmap-inconsistent-sizes"
    RECORD_ID = "07119d40dec3ad85"
    KINDS = frozenset({"vmap-sizes"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Map arguments of one batch size, or pass the shared one unmapped with "
        "`in_axes=None` in its place."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

def score(query, keys):
    return keys @ query

jax.vmap(score, in_axes=(0, None))(jnp.ones((5, 3)), jnp.ones((7, 3)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def score(query, keys):
    return keys @ query

queries = jnp.ones((5, 3))
keys = jnp.ones((7, 3))
jax.vmap(score)(queries, keys)  # expect: vmap-inconsistent-sizes
""",
    )
