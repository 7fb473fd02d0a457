"""A tied output layer multiplies by the embedding table, forgetting its transpose."""
# corpus: label=positive styles=method,attribute batch=s25

import jax
import jax.numpy as jnp


class TiedLM:
    def __init__(self, vocab, dim):
        self.embedding = jnp.ones((vocab, dim))

    def logits(self, h):
        return h @ self.embedding  # expect: dot-general-contracting-dims-mismatch

    def __call__(self, ids):
        return self.logits(self.embedding[ids])


print(jax.jit(TiedLM(100, 16))(jnp.array([1, 2, 3])).shape)
