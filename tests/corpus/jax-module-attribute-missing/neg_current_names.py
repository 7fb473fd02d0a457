"""The same helpers with the names JAX has now."""
# corpus: label=negative styles=method

import jax
import jax.numpy as jnp


class Buffer:
    def __init__(self, size, width):
        self.data = jnp.zeros((size, width))

    def write(self, index, row):
        self.data = self.data.at[index].set(row)


buffer = Buffer(4, 3)
buffer.write(0, jnp.ones(3))
params = jax.tree.map(lambda p: p * 0.9, {"w": jnp.ones(2)})
key: jax.Array = jax.random.key(0)
