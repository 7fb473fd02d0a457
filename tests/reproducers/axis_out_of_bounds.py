"""Raises ValueError: a reduction over axis 2 of a matrix, which has axes 0 and 1 only."""

import jax.numpy as jnp

scores = jnp.ones((4, 3))
jnp.sum(scores, axis=2)
