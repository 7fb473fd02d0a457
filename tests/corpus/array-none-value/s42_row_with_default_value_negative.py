"""The rows fill the optional column with 0.0 when it is not given."""
# corpus: label=negative styles=helper,parameter batch=s42

import jax.numpy as jnp


def row(position, velocity=None):
    return [position, 0.0 if velocity is None else velocity]


def table():
    return jnp.array([row(0.0, 1.0), row(1.0, 0.5), row(2.0)])


print(table())
