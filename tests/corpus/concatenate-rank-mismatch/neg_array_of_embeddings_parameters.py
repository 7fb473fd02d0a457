"""Two embedding tables of one width batched together by a helper."""
# corpus: label=negative styles=parameter,helper

import jax.numpy as jnp


def as_batch(first, second):
    return jnp.array((first, second))


tokens = jnp.zeros((10, 32))
positions = jnp.zeros((10, 32))
print(as_batch(tokens, positions).shape)
