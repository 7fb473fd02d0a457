"""Raises ImportError: jax.random.KeyArray, which JAX removed (jax.Array replaces it)."""

import jax
from jax.random import KeyArray

key: KeyArray = jax.random.key(0)
