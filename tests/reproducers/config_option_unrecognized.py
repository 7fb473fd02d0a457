"""Raises AttributeError: jax.config.update of an option JAX removed (jax_array)."""

import jax

jax.config.update("jax_array", True)
