# realbug: jax-15727-jit-under-classmethod
# source: https://github.com/jax-ml/jax/issues/15727
# kind: jit-non-array-argument
# raises: TypeError: Error interpreting argument to .* as an abstract array
import jax
import jax.numpy as jnp


class A:
    def __init__(self):
        pass

    @classmethod
    @jax.jit
    def zeros(shape):
        return jnp.zeros(shape)


print(A.zeros((2, 3)))  # BUG
