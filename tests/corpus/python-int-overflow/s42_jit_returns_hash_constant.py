"""A jitted hashing step returns its FNV offset basis next to the mixed array."""
# corpus: label=positive styles=direct,return batch=s42

import jax
import jax.numpy as jnp

FNV_OFFSET = 0xCBF29CE484222325


@jax.jit
def mix(x):
    return x * 3, FNV_OFFSET


print(mix(jnp.arange(4)))  # expect: python-int-overflow
