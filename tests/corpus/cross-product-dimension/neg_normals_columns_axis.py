"""The mesh's columns are crossed with `axis=0`, which names the vector axis."""
# corpus: label=negative styles=method,attribute

import jax.numpy as jnp


class Triangle:
    def __init__(self):
        self.vertices = jnp.array(
            [[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 1.0, 2.0], [0.0, 0.0, 0.0, 1.0]]
        )

    def normal(self):
        return jnp.cross(self.vertices, jnp.ones((3, 4)), axis=0)


Triangle().normal()
