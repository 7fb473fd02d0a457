"""Row totals with lax.reduce_sum and a NumPy-style negative axis, which lax refuses."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp
from jax import lax


def row_totals(x):
    return lax.reduce_sum(x, axes=(-1,))  # expect: axis-out-of-bounds


row_totals(jnp.ones((4, 3)))
