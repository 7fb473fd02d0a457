"""``jax.vmap`` mapping an axis an argument does not have: ``in_axes=2`` for a matrix.

Reported when the argument's rank is known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class VmapAxisOutOfRange(ShapeRule):
    NAME = "vmap-axis-out-of-range"
    CODE = "vmap-axis-out-of-range"
    RECORD_ID = "5c8c9dc913acfdb1"
    KINDS = frozenset({"vmap-axis"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Map an axis the argument has (count from 0, or -1 for the last), or pass a scalar "
        "unmapped with `in_axes=None`."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp

columns = jax.vmap(jnp.sum, in_axes=1)(jnp.ones((3, 2)))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp

def total(column):
    return column.sum()

per_column = jax.vmap(total, in_axes=2)
per_column(jnp.ones((3, 2)))  # expect: vmap-axis-out-of-range
""",
    )
