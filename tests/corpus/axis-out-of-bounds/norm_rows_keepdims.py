"""Rows normalised by their norm over axis -2 counted for a stack of matrices; the input is
one vector."""
# corpus: label=positive styles=helper

import jax.numpy as jnp


def unit(v):
    return v / jnp.linalg.norm(v, axis=-2, keepdims=True)  # expect: axis-out-of-bounds


unit(jnp.arange(3.0))
