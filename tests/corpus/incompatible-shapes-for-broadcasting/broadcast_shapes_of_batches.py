"""A helper computes the common batch shape of two inputs whose trailing sizes differ."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp
from jax import lax


def batch_shape(x, y):
    return lax.broadcast_shapes(x.shape, y.shape)  # expect: incompatible-shapes-for-broadcasting


batch_shape(jnp.ones((8, 3)), jnp.ones((4,)))
