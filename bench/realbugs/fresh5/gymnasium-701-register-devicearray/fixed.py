# realbug: gymnasium-701-register-devicearray (fixed)
# source: https://github.com/Farama-Foundation/Gymnasium/issues/701
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.singledispatch
def jax_to_numpy(value):
    raise Exception(f"No known conversion for Jax type ({type(value)}) to NumPy registered.")


@jax_to_numpy.register(jax.Array)
def _devicearray_jax_to_numpy(value):
    return np.array(value)
