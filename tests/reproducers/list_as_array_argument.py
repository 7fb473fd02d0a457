"""Raises TypeError: jnp.sum is given a Python list of two arrays."""

import jax.numpy as jnp

a = jnp.ones(3)
b = jnp.zeros(3)
jnp.sum([a, b])
