"""Raises ValueError: a jitted function gets arguments committed to two different devices."""

import jax
import jax.numpy as jnp

first, second = jax.devices()[:2]
a = jax.device_put(jnp.ones(3), first)
b = jax.device_put(jnp.ones(3), second)
jax.jit(lambda u, v: u + v)(a, b)
