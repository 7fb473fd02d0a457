"""Appending one new row (a vector) to a buffer of rows."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def append(buffer, row):
    return jnp.concatenate([buffer, row])  # expect: concatenate-rank-mismatch


buffer = jnp.zeros((4, 3))
print(append(buffer, jnp.ones(3)).shape)
