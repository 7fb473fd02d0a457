"""`jax.jit(buffer.padded)`: the bound method pads with `jnp.zeros((extra, self.dim))`, `extra` traced."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp


class Buffer:
    def __init__(self, dim):
        self.dim = dim

    def padded(self, items, extra):
        pad = jnp.zeros((extra, self.dim), items.dtype)  # expect: traced-shape-argument
        return jnp.concatenate([items, pad])


buffer = Buffer(dim=3)
pad_items = jax.jit(buffer.padded)
pad_items(jnp.ones((2, 3)), 4)
