"""The count is `arr.size + 1`, a Python int even under jit. Based on jax-ml/jax#4449."""
# corpus: label=negative styles=helper,return batch=s26

import jax
import jax.numpy as jnp


def padded_length(arr):
    return arr.size + 1


@jax.jit
def custom_ones(arr):
    count = padded_length(arr)
    return jnp.ones((count,))


print(custom_ones(jnp.ones(3)))
