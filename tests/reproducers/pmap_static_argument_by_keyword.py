"""Raises ValueError: pmap's static_broadcasted_argnums counts positional arguments only, and
the static argument is passed by keyword."""

import jax
import jax.numpy as jnp


def f(a, b):
    return a + b


g = jax.pmap(f, static_broadcasted_argnums=(1,))
g(jnp.ones((jax.local_device_count(), 1)), b=1)
