"""A jitted lookup is called with an offset computed by the caller as a float."""
# corpus: label=positive styles=parameter batch=s32

import jax
import jax.numpy as jnp


@jax.jit
def lookup(table, offset):
    return table[offset]  # expect: index-not-integer


steps = 9
print(lookup(jnp.arange(10.0), steps / 3))
