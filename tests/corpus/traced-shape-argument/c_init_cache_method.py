# corpus: label=positive styles=method,attribute batch=c
"""A decoder's cache initialiser is a jitted bound method; the batch size is traced."""

import jax
import jax.numpy as jnp


class Decoder:
    def __init__(self, hidden, max_len):
        self.hidden = hidden
        self.max_len = max_len

    def init_cache(self, batch_size):
        shape = (batch_size, self.max_len, self.hidden)
        return {"k": jnp.zeros(shape), "index": jnp.int32(0)}  # expect: traced-shape-argument


decoder = Decoder(hidden=16, max_len=32)
init = jax.jit(decoder.init_cache)
print(init(4)["k"].shape)
