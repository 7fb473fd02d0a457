"""Raises TypeError: jnp.dtype of a bit-count name ("f32"); NumPy's codes count bytes (f4)."""

import jax.numpy as jnp

jnp.dtype("f32")
