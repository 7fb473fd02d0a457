"""Raises TracerBoolConversionError: Python ``if`` on a traced value inside ``jax.jit``."""

import jax
import jax.numpy as jnp


@jax.jit
def relu(x):
    if x > 0:
        return x
    return 0.0 * x


relu(jnp.float32(2.0))
