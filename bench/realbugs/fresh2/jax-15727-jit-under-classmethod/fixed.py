# realbug: jax-15727-jit-under-classmethod (fixed)
# source: https://github.com/jax-ml/jax/issues/15727
from functools import partial

import jax
import jax.numpy as jnp


class A:
    def __init__(self):
        pass

    @classmethod
    @partial(jax.jit, static_argnums=(0, 1))
    def zeros(cls, shape):
        return jnp.zeros(shape)


print(A.zeros((2, 3)))
