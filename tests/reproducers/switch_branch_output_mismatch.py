"""Raises TypeError: lax.switch branches return different dtypes."""

import jax
import jax.numpy as jnp

branches = [lambda v: v * 2, lambda v: (v > 0).astype(jnp.int32)]
jax.lax.switch(1, branches, jnp.ones(3))
