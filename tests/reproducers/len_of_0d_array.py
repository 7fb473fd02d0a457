"""Raises TypeError: len() of the 0-d array a full reduction returns."""

import jax.numpy as jnp

total = jnp.ones(3).sum()
len(total)
