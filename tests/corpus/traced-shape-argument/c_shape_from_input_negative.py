# corpus: label=negative styles=method,attribute batch=c
"""The cache initialiser reads the batch size from an input's shape, which is static."""

import jax
import jax.numpy as jnp


class Decoder:
    def __init__(self, hidden, max_len):
        self.hidden = hidden
        self.max_len = max_len

    def init_cache(self, prompt):
        batch_size = prompt.shape[0]
        return {"k": jnp.zeros((batch_size, self.max_len, self.hidden)), "index": jnp.int32(0)}


decoder = Decoder(hidden=16, max_len=32)
print(jax.jit(decoder.init_cache)(jnp.ones((4, 7)))["k"].shape)
