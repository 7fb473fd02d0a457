"""Static `jnp.arange` bounds under jit: `x.shape[0]`, and a mask ranked with `jnp.where`."""
# corpus: label=negative styles=direct

import jax
import jax.numpy as jnp


@jax.jit
def valid_positions(x, mask):
    idx = jnp.arange(x.shape[0])
    ranks = jnp.cumsum(mask) - 1
    return jnp.where(mask, ranks, -1), idx[::-1]


valid_positions(jnp.ones(4), jnp.array([True, False, True, True]))
