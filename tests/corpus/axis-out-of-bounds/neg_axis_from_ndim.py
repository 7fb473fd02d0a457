"""The axis is computed from the array's own rank, so it is in range whatever the rank."""
# corpus: label=negative styles=parameter

import jax.numpy as jnp


def last_axis_sum(x):
    return jnp.sum(x, axis=x.ndim - 1)


last_axis_sum(jnp.ones((2, 3, 4)))
last_axis_sum(jnp.ones(5))
