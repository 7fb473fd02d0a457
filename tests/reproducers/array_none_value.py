"""Raises ValueError: jnp.array of a list holding None (a slot left empty), which JAX has no
value for."""

import jax.numpy as jnp

jnp.array([1.0, None, 3.0])
