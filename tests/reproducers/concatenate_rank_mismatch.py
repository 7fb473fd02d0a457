"""Raises TypeError: concatenating a vector with a matrix."""

import jax.numpy as jnp

jnp.concatenate([jnp.ones(3), jnp.ones((2, 3))])
