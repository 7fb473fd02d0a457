"""Raises TypeError: cond's predicate is a vector, not a scalar boolean."""

import jax
import jax.numpy as jnp

x = jnp.array([1.0, -2.0, 3.0])
jax.lax.cond(x > 0, lambda v: v, lambda v: -v, x)
