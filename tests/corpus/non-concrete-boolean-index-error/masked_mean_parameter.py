"""The boolean mask is an argument of the jitted function and indexes the values directly."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp


def masked_mean(values, mask):
    return values[mask].mean()  # expect: non-concrete-boolean-index-error


masked_mean_jit = jax.jit(masked_mean)
masked_mean_jit(jnp.arange(4.0), jnp.array([True, False, True, True]))
