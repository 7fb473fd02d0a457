"""Raises ValueError: jnp.concatenate of a list whose first array is a scalar."""

import jax.numpy as jnp

total = jnp.sum(jnp.ones(3))
jnp.concatenate([total, jnp.ones(2)])
