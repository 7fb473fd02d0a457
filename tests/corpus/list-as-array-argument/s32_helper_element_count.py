"""A helper counts an array's elements as the product of its shape tuple, under jit."""
# corpus: label=positive styles=helper,parameter batch=s32

import jax
import jax.numpy as jnp


def element_count(shape):
    return jnp.prod(shape)  # expect: list-as-array-argument


@jax.jit
def mean_of(x):
    return x.sum() / element_count(x.shape)


print(mean_of(jnp.ones((2, 3))))
