"""A mesh keeps vertices as a (3, n) array of columns; the normal method crosses them over
the last axis, which holds the vertices."""
# corpus: label=positive styles=method,attribute

import jax.numpy as jnp


class Triangle:
    def __init__(self):
        self.vertices = jnp.array(
            [[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 1.0, 2.0], [0.0, 0.0, 0.0, 1.0]]
        )

    def normal(self):
        u = self.vertices[:, 1] - self.vertices[:, 0]
        return jnp.cross(u, self.vertices)  # expect: cross-product-dimension


Triangle().normal()
