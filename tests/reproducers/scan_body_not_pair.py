"""Raises TypeError: a scan body returns only the new carry instead of (carry, y)."""

import jax
import jax.numpy as jnp


def cumulative(total, x):
    return total + x


jax.lax.scan(cumulative, 0.0, jnp.arange(4.0))
