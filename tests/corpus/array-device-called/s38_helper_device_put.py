"""A formatter test that checks the device a helper placed the column on."""

# corpus: label=positive styles=helper batch=s38

import jax
import jax.numpy as jnp
import numpy as np


def to_device(column, device):
    return jax.device_put(jnp.asarray(column), device)


device = jax.devices()[0]
row = to_device(np.arange(4), device)
assert row.device() == device  # expect: array-device-called
