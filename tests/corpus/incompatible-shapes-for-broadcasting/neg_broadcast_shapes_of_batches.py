"""A helper computes the common batch shape of two inputs that broadcast."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp
from jax import lax


def batch_shape(x, y):
    return lax.broadcast_shapes(x.shape, y.shape)


batch_shape(jnp.ones((8, 3)), jnp.ones((3,)))
