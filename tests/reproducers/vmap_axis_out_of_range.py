"""Raises ValueError: vmap's in_axes asks for axis 1 of a rank-1 argument."""

import jax
import jax.numpy as jnp

jax.vmap(jnp.sum, in_axes=1)(jnp.ones(3))
