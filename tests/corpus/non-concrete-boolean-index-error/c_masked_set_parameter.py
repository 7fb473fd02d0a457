# corpus: label=positive styles=parameter batch=c
"""A helper zeroes the entries its mask argument selects, with .at[mask].set, under jit."""

import jax
import jax.numpy as jnp


def zero_where(x, mask):
    return x.at[mask].set(0.0)  # expect: non-concrete-boolean-index-error


@jax.jit
def prune(weights, threshold):
    small = jnp.abs(weights) < threshold
    return zero_where(weights, small)


print(prune(jnp.array([0.01, -0.5, 0.2, -0.001]), 0.1))
