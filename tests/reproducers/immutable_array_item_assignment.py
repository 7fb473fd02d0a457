"""Raises TypeError: in-place item assignment on a JAX array (``x[0] = 1``)."""

import jax.numpy as jnp

x = jnp.zeros(3)
x[0] = 1.0
