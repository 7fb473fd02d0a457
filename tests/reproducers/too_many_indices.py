"""Raises IndexError: three index entries that each use up an axis, on a matrix."""

import jax.numpy as jnp

logits = jnp.ones((4, 10))
logits[:, -1, :]
