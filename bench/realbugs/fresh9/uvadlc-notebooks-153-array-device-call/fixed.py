# realbug: uvadlc-notebooks-153-array-device-call (fixed)
# source: https://github.com/phlippe/uvadlc_notebooks/issues/153
import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax
import jax.numpy as jnp

a = jnp.arange(8)
print("Array", a)
print("Device", a.devices())
