"""Raises TypeError: reshaping 6 elements into a (4, 2) array."""

import jax.numpy as jnp

jnp.ones(6).reshape(4, 2)
