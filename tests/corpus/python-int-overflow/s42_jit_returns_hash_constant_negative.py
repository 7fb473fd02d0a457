"""The hashing step returns the offset basis reduced to 32 bits, which int32 holds."""
# corpus: label=negative styles=direct,return batch=s42

import jax
import jax.numpy as jnp

FNV_OFFSET = 0xCBF29CE484222325


@jax.jit
def mix(x):
    return x * 3, FNV_OFFSET % 2**31


print(mix(jnp.arange(4)))
