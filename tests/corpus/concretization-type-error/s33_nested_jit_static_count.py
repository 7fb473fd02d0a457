"""A jitted helper computes a count from a static argument; a jitted caller ranges over it."""
# corpus: label=positive styles=helper,transform batch=s33

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=0)
def padded_length(n):
    return n + 2


@partial(jax.jit, static_argnums=0)
def positions(n):
    return jnp.arange(padded_length(n))  # expect: concretization-type-error


print(positions(4))
