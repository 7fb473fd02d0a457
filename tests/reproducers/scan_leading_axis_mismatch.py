"""Raises ValueError: scan's xs leaves have different leading-axis sizes (3 and 4)."""

import jax
import jax.numpy as jnp


def step(carry, xs):
    a, b = xs
    return carry + a * b, None


jax.lax.scan(step, 0.0, (jnp.ones(3), jnp.ones(4)))
