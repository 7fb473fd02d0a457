"""Raises ValueError: jnp.diag of a batch of matrices (a 3-D array)."""

import jax.numpy as jnp

covariances = jnp.ones((8, 3, 3))
jnp.diag(covariances)
