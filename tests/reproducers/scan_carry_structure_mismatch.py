"""Raises TypeError: a scan body returns a carry with a different pytree structure.

The carry is the pair (total, count), but the body returns ``total + x, count + 1``, which scan
reads as (new carry, output): the new carry is the bare ``total + x``.
"""

import jax
import jax.numpy as jnp


def step(carry, x):
    total, count = carry
    return total + x, count + 1


jax.lax.scan(step, (0.0, 0), jnp.arange(4.0))
