"""Raises TypeError: jnp.array of strings; JAX arrays hold only numbers and booleans."""

import jax.numpy as jnp

jnp.array(["cat", "dog"])
