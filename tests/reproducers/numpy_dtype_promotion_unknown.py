"""Raises ValueError: jax.numpy_dtype_promotion with a capitalised level."""

import jax
import jax.numpy as jnp

with jax.numpy_dtype_promotion("Strict"):
    jnp.ones(3) + 1
