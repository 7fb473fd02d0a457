"""Raises KeyReuseError: the same PRNG key is consumed twice with key-reuse checking on."""

import jax

with jax.debug_key_reuse(True):
    key = jax.random.key(0)
    a = jax.random.normal(key, (3,))
    b = jax.random.uniform(key, (3,))
