"""A table built row by row, where one row leaves its optional column at its None default."""
# corpus: label=positive styles=helper,parameter batch=s42

import jax.numpy as jnp


def row(position, velocity=None):
    return [position, velocity]


def table():
    return jnp.array([row(0.0, 1.0), row(1.0, 0.5), row(2.0)])  # expect: array-none-value


print(table())
