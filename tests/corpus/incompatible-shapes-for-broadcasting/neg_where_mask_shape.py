"""The mask gets a trailing axis."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def masked_fill(values, mask, fill=0.0):
    return jnp.where(mask[..., None], values, fill)


values = jnp.ones((2, 5, 16))
mask = jnp.ones((2, 5), dtype=bool)
print(masked_fill(values, mask).shape)
