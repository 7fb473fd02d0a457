"""A jitted function assigns into its own array parameter: `x[0] = 1`."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp


@jax.jit
def reset_first(x):
    x[0] = 1  # expect: immutable-array-item-assignment
    return x


reset_first(jnp.arange(4))
