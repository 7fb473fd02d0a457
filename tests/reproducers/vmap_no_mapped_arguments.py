"""Raises ValueError: every in_axes entry is None, so vmap has nothing to map over."""

import jax
import jax.numpy as jnp

jax.vmap(lambda x: x * 2, in_axes=None)(jnp.ones(3))
