"""A replay buffer that writes rows with the removed jax.ops.index_update."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp


class Buffer:
    def __init__(self, size, width):
        self.data = jnp.zeros((size, width))

    def write(self, i, row):
        self.data = jax.ops.index_update(self.data, i, row)  # expect: jax-module-attribute-missing


buffer = Buffer(4, 3)
buffer.write(0, jnp.ones(3))
