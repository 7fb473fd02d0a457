"""Raises TypeError: lax.max of a float32 array and the Python int 0 (an int32)."""

import jax.numpy as jnp
from jax import lax

x = jnp.ones(3)
lax.max(x, 0)
