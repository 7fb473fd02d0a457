"""A layer builds a diagonal scale matrix from a per-head scale kept as a 3-D attribute."""
# corpus: label=positive styles=attribute,method

import jax.numpy as jnp


class DiagonalScale:
    def __init__(self, heads, dim):
        self.scale = jnp.ones((heads, dim, 1))

    def matrix(self):
        return jnp.diag(self.scale)  # expect: diag-input-rank


DiagonalScale(2, 4).matrix()
