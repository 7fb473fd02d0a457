# realbug: hamux-4-private-lax-numpy-ndarray-import
# source: https://github.com/bhoov/hamux/issues/4
# kind: removed-name
# raises: ImportError: cannot import name 'ndarray' from 'jax._src.numpy.lax_numpy'
# HAMUX imported the array type from JAX's private `jax._src.numpy.lax_numpy`, which no
# longer defines `ndarray`; the public name is `jax.Array`. Rebuilt as the import and an
# annotated energy function.
import jax
import jax.numpy as jnp
from jax._src.numpy.lax_numpy import ndarray  # BUG


def energy(x: ndarray, w: ndarray) -> ndarray:
  return -0.5 * x @ w @ x


print(jax.grad(energy)(jnp.ones(3), jnp.eye(3)))
