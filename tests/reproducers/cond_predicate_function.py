"""Raises TypeError: lax.cond is given the predicate function itself, not its value, so it
cannot read a boolean or number from it."""

import jax.numpy as jnp
from jax import lax


def positive(x):
    return x > 0


lax.cond(positive, lambda v: v, lambda v: -v, jnp.float32(2.0))
