"""Rows of a matrix normalised by their norm over the last axis."""
# corpus: label=negative styles=helper

import jax.numpy as jnp


def unit(v):
    return v / jnp.linalg.norm(v, axis=-1, keepdims=True)


unit(jnp.arange(6.0).reshape(2, 3))
