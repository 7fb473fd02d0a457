# realbug: jax-11396-diagonal-1d
# source: https://github.com/jax-ml/jax/issues/11396
# kind: axis-range
# raises: ValueError: diagonal requires an array of at least two dimensions
# The report's example: `jnp.diagonal` of a vector (the report's JAX said "axis 1 is out of
# bounds"; 0.12 says what NumPy says).
import jax.numpy as jnp

M = jnp.ones(5)
jnp.diagonal(M)  # BUG
