# realbug: aesara-43-reshape-array-shape
# source: https://github.com/aesara-devs/aesara/issues/43
# kind: traced-size-argument
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
import jax
import jax.numpy as jnp
import numpy as np

x = np.zeros((2 * 3))
z = (2, 3)


def b(z):
    return jnp.array(z, dtype=np.int32)


def a(x, z):
    return jnp.reshape(x, b(z))  # BUG


print(jax.jit(a)(x, z))
