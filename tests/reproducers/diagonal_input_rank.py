"""Raises ValueError: jnp.diagonal of a vector (one axis)."""

import jax.numpy as jnp

variances = jnp.ones(3)
jnp.diagonal(variances)
