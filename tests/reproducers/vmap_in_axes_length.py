"""Raises ValueError: a tuple in_axes has two entries for a one-argument call."""

import jax
import jax.numpy as jnp

jax.vmap(lambda x: x * 2, in_axes=(0, 0))(jnp.ones(3))
