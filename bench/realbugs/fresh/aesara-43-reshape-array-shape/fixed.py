# realbug: aesara-43-reshape-array-shape (fixed)
# source: https://github.com/aesara-devs/aesara/issues/43
import jax
import jax.numpy as jnp
import numpy as np

x = np.zeros((2 * 3))
z = (2, 3)


def a(x, z):
    return jnp.reshape(x, z)


print(jax.jit(a, static_argnums=1)(x, z))
