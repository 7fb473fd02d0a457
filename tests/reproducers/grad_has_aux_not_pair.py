"""Raises TypeError: jax.grad(f, has_aux=True) unpacks (output, aux) from what f returns, and f
returns one array."""

import jax
import jax.numpy as jnp


def f(x):
    return 2 * x


jax.grad(f, has_aux=True)(jnp.ones([]))
