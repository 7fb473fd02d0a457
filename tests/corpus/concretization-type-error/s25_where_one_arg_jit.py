"""A sparse helper gathers indices with the one-argument jnp.where under jit."""
# corpus: label=positive styles=helper,transform batch=s25

import jax
import jax.numpy as jnp


def active_indices(x):
    (idx,) = jnp.where(x > 0)  # expect: concretization-type-error
    return idx


@jax.jit
def count_active(x):
    return active_indices(x).shape[0]


print(count_active(jnp.array([1.0, -1.0, 2.0])))
