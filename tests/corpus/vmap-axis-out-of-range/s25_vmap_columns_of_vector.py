"""A helper vmaps over columns (in_axes=1) but is handed a vector."""
# corpus: label=positive styles=helper,parameter batch=s25

import jax
import jax.numpy as jnp


def per_column(fn, m):
    return jax.vmap(fn, in_axes=1)(m)  # expect: vmap-axis-out-of-range


print(per_column(jnp.linalg.norm, jnp.ones(5)))
