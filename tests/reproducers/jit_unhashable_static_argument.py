"""Raises ValueError: a list is passed for an argument that ``jax.jit`` treats as static."""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def resize(x, shape):
    return jnp.resize(x, shape)


resize(jnp.arange(6.0), [2, 3])
