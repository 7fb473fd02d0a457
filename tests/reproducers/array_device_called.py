"""Raises TypeError: Array.device is a property on current JAX, so `x.device()` calls a Device."""

import jax
import jax.numpy as jnp

x = jax.device_put(jnp.arange(4), jax.devices()[0])
print(x.device())
