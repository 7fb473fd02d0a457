"""Raises ValueError: jnp.cross of 2-D vectors (JAX's cross needs 3 entries on the axis)."""

import jax.numpy as jnp

jnp.cross(jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0]))
