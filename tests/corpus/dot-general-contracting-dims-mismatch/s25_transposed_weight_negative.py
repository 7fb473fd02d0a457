"""The tied output layer multiplying by the table's transpose."""
# corpus: label=negative styles=method,attribute batch=s25

import jax
import jax.numpy as jnp


class TiedLM:
    def __init__(self, vocab, dim):
        self.embedding = jnp.ones((vocab, dim))

    def logits(self, h):
        return h @ self.embedding.T

    def __call__(self, ids):
        return self.logits(self.embedding[ids])


print(jax.jit(TiedLM(100, 16))(jnp.array([1, 2, 3])).shape)
