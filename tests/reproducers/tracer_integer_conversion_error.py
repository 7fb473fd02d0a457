"""Raises TracerIntegerConversionError: a tracer used as a Python index inside ``jax.jit``."""

import jax
import jax.numpy as jnp

choices = [10, 20, 30]


@jax.jit
def pick(i):
    return choices[i]


pick(jnp.int32(1))
