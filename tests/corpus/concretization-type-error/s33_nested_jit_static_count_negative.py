"""The count is computed in plain Python before the jitted caller ranges over it."""
# corpus: label=negative styles=helper,transform batch=s33

from functools import partial

import jax
import jax.numpy as jnp


def padded_length(n):
    return n + 2


@partial(jax.jit, static_argnums=0)
def positions(n):
    return jnp.arange(padded_length(n))


print(positions(4))
