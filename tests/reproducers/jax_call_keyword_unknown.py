"""Raises TypeError: jnp.reshape's keyword newshape, which JAX renamed shape and removed."""

import jax.numpy as jnp

x = jnp.arange(6.0)
y = jnp.reshape(x, newshape=(2, 3))
