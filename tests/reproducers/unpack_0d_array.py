"""Raises TypeError: a jitted function unpacks a 0-d array into two names."""

import jax
import jax.numpy as jnp


@jax.jit
def split(total):
    level, trend = total
    return level + trend


split(jnp.float32(1.0))
