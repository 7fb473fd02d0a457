"""Raises ValueError: jnp.finfo of an integer dtype (integers have no epsilon)."""

import jax.numpy as jnp

labels = jnp.arange(4)
jnp.finfo(labels.dtype).eps
