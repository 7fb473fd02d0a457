"""Row totals with lax.reduce_sum over the last axis, counted from 0."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp
from jax import lax


def row_totals(x):
    return lax.reduce_sum(x, axes=(x.ndim - 1,))


row_totals(jnp.ones((4, 3)))
