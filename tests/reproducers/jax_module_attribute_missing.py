"""Raises AttributeError: jax.tree_map, which JAX removed (jax.tree.map replaces it)."""

import jax
import jax.numpy as jnp

jax.tree_map(lambda a: a + 1, {"a": jnp.ones(2)})
