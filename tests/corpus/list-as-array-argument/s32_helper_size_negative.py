"""The element count comes from math.prod of the shape (a Python int), not jnp.prod."""
# corpus: label=negative styles=helper,parameter batch=s32

import math

import jax
import jax.numpy as jnp


def element_count(shape):
    return math.prod(shape)


@jax.jit
def mean_of(x):
    return x.sum() / element_count(x.shape)


print(mean_of(jnp.ones((2, 3))))
