"""The layer's scale is a vector, so jnp.diag builds the square matrix."""
# corpus: label=negative styles=attribute,method

import jax.numpy as jnp


class DiagonalScale:
    def __init__(self, dim):
        self.scale = jnp.ones(dim)

    def matrix(self):
        return jnp.diag(self.scale)


DiagonalScale(4).matrix()
