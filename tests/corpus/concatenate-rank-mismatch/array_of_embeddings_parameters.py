"""Two embedding tables of different widths batched together by a helper."""
# corpus: label=positive styles=parameter,helper

import jax.numpy as jnp


def as_batch(first, second):
    return jnp.array((first, second))  # expect: concatenate-rank-mismatch


tokens = jnp.zeros((10, 32))
positions = jnp.zeros((10, 16))
print(as_batch(tokens, positions).shape)
