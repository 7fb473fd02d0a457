"""jnp.where with a per-token mask against (batch, tokens, features) values."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def masked_fill(values, mask, fill=0.0):
    return jnp.where(mask, values, fill)  # expect: incompatible-shapes-for-broadcasting


values = jnp.ones((2, 5, 16))
mask = jnp.ones((2, 5), dtype=bool)
print(masked_fill(values, mask).shape)
