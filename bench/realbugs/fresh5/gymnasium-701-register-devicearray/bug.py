# realbug: gymnasium-701-register-devicearray
# source: https://github.com/Farama-Foundation/Gymnasium/issues/701
# kind: removed-api
# raises: AttributeError: module 'jax.numpy' has no attribute 'DeviceArray'
# The report's traceback ends in gymnasium's jax_to_numpy.py; its singledispatch function and the
# registration for JAX arrays are kept.
import functools

import jax.numpy as jnp
import numpy as np


@functools.singledispatch
def jax_to_numpy(value):
    raise Exception(f"No known conversion for Jax type ({type(value)}) to NumPy registered.")


@jax_to_numpy.register(jnp.DeviceArray)  # BUG
def _devicearray_jax_to_numpy(value):
    return np.array(value)
