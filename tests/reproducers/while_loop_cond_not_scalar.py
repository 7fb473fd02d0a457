"""Raises TypeError: a while_loop cond_fun returns a boolean vector instead of a scalar."""

import jax
import jax.numpy as jnp

jax.lax.while_loop(lambda v: v < 10, lambda v: v * 2, jnp.ones(3))
