"""The helper asks `jnp.issubdtype` first, and takes `jnp.iinfo` for integer inputs, `jnp.finfo` for floats."""
# corpus: label=negative styles=helper,parameter batch=s26

import jax.numpy as jnp


def smallest_step(x):
    if jnp.issubdtype(x.dtype, jnp.integer):
        return jnp.iinfo(x.dtype).max * 0 + 1
    return jnp.finfo(x.dtype).eps


print(smallest_step(jnp.arange(6)), smallest_step(jnp.ones(3)))
