"""A jitted helper counts with `jnp.add(arr.size, 1)` (a traced array) and asks for `jnp.ones((count,))`. Based on jax-ml/jax#4449."""
# corpus: label=positive styles=helper,return batch=s26

import jax
import jax.numpy as jnp


def padded_length(arr):
    return jnp.add(arr.size, 1)


@jax.jit
def custom_ones(arr):
    count = padded_length(arr)
    return jnp.ones((count,))  # expect: traced-shape-argument


print(custom_ones(jnp.ones(3)))
