# corpus: label=positive styles=return,helper batch=c
"""The number of valid entries is computed from data and returned by a helper; a buffer of
that size is then allocated."""

import jax
import jax.numpy as jnp


def num_valid(mask):
    return mask.sum()


@jax.jit
def compact(values, mask):
    n = num_valid(mask)
    out = jnp.ones(n)  # expect: traced-shape-argument
    return out * values.mean()


print(compact(jnp.arange(4.0), jnp.array([1, 0, 1, 1])))
