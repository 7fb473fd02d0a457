"""Raises TypeError: a traced value is used as an array shape inside ``jax.jit``."""

import jax
import jax.numpy as jnp


@jax.jit
def make_buffer(x, n):
    return jnp.zeros((n,)) + x


make_buffer(1.0, 4)
