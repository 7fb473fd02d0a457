"""Raises ValueError: vmap maps axis 0 of two arguments whose sizes differ (3 and 4)."""

import jax
import jax.numpy as jnp

jax.vmap(lambda a, b: a * b)(jnp.ones(3), jnp.ones(4))
