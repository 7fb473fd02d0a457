"""Raises ValueError: out_axes=None promises an unbatched output, but the output is batched."""

import jax
import jax.numpy as jnp

jax.vmap(lambda x: x * 2, out_axes=None)(jnp.ones(3))
