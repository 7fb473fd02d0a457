"""Raises ValueError: jnp.linalg.solve is given a batch of matrices (5, 2, 2) and a batch of
vectors (5, 2); since JAX 0.5 a b with more than one dimension is a batch of matrices."""

import jax.numpy as jnp

a = jnp.tile(jnp.eye(2), (5, 1, 1))
b = jnp.ones((5, 2))
jnp.linalg.solve(a, b)
