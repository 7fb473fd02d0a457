# realbug: hamux-4-private-lax-numpy-ndarray-import (fixed)
# source: https://github.com/bhoov/hamux/issues/4
import jax
import jax.numpy as jnp


def energy(x: jax.Array, w: jax.Array) -> jax.Array:
  return -0.5 * x @ w @ x


print(jax.grad(energy)(jnp.ones(3), jnp.eye(3)))
