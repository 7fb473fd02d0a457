"""Raises ValueError: pmap maps each argument over its leading axis, and a Python int has none
(pmap refuses it at the call, before it traces the function)."""

import jax
import jax.numpy as jnp


def scale(a, b):
    return a * b


jax.pmap(scale)(jnp.ones((jax.local_device_count(), 3)), 10)
