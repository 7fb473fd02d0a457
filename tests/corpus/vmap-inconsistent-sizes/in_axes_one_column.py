"""Mapping columns of one matrix (axis 1, 5 of them) alongside rows of another (axis 0, 4)."""
# corpus: label=positive styles=transform,parameter

import jax
import jax.numpy as jnp


def combine(column, row):
    return jnp.dot(column, row)


left = jnp.ones((3, 5))
right = jnp.ones((4, 3))
jax.vmap(combine, in_axes=(1, 0))(left, right)  # expect: vmap-inconsistent-sizes
