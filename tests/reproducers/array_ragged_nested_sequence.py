"""Raises ValueError: jnp.array of rows of different lengths, which NumPy cannot make an array
of."""

import jax.numpy as jnp

jnp.array([[1, 2, 3], [4, 5]])
