"""Raises TypeError: a jax.random sampler is given an integer seed instead of a key."""

import jax

jax.random.normal(0, (3,))
