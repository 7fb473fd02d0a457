"""Raises TypeError: cond's two branches return arrays of different shapes."""

import jax
import jax.numpy as jnp

x = jnp.ones(3)
jax.lax.cond(x.sum() > 0, lambda v: v * 2, lambda v: v.sum(), x)
