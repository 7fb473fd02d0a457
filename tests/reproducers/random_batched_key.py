"""Raises ValueError: jax.random.normal takes one key, and is given the array of keys
jax.random.split made."""

import jax

keys = jax.random.split(jax.random.key(0), 8)
jax.random.normal(keys, shape=(8,))
