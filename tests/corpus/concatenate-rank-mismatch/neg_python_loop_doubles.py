"""A Python loop doubles a buffer three times; the result is used at its final size."""
# corpus: label=negative styles=direct

import jax.numpy as jnp

buffer = jnp.ones(2)
for _ in range(3):
    buffer = jnp.concatenate([buffer, buffer])
print((buffer @ jnp.ones((16, 3))).shape)
