"""The sparse helper with size= and fill_value=, so the result's size is fixed."""
# corpus: label=negative styles=helper,transform batch=s25

import jax
import jax.numpy as jnp


def active_indices(x):
    (idx,) = jnp.where(x > 0, size=x.shape[0], fill_value=-1)
    return idx


@jax.jit
def count_active(x):
    return (active_indices(x) >= 0).sum()


print(count_active(jnp.array([1.0, -1.0, 2.0])))
