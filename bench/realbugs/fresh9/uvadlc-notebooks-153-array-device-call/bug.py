# realbug: uvadlc-notebooks-153-array-device-call
# source: https://github.com/phlippe/uvadlc_notebooks/issues/153
# kind: removed-method
# raises: TypeError: '.*Device' object is not callable
# The data-parallel tutorial's cell that shows where an array lives: `a.device()`. Since JAX
# 0.4.31 `Array.device` is a property (a Device), so calling it fails; the fix is `a.device` or
# `a.devices()`. The tutorial's arrays are sharded over 8 host devices first.
import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"

import jax
import jax.numpy as jnp

a = jnp.arange(8)
print("Array", a)
print("Device", a.device())  # BUG
