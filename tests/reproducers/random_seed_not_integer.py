"""Raises TypeError: a PRNG key made from a float seed (a learning-rate-like 0.5)."""

import jax

jax.random.key(0.5)
