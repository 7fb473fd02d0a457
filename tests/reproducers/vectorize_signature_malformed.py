"""Raises ValueError: a jnp.vectorize signature with spaces around the arrow, read when the
vectorized function is called."""

import jax.numpy as jnp


def norm(v):
    return jnp.sqrt((v**2).sum())


row_norms = jnp.vectorize(norm, signature="(n) -> ()")
row_norms(jnp.ones((4, 3)))
