"""Raises TypeError: a while_loop body changes the carry's dtype (int32 to float32)."""

import jax
import jax.numpy as jnp


def halve(value):
    return value / 2


jax.lax.while_loop(lambda v: v > 1, halve, jnp.int32(64))
