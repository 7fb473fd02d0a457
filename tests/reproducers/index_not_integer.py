"""Raises TypeError: a jitted function indexes an array with a float it was given."""

import jax
import jax.numpy as jnp


@jax.jit
def pick(table, position):
    return table[position]


pick(jnp.arange(6.0), 2.0)
