"""Raises TracerArrayConversionError: ``np.asarray`` on a tracer inside ``jax.jit``."""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def total(x):
    return np.sum(np.asarray(x))


total(jnp.arange(4.0))
