# corpus: label=positive styles=method,attribute
import jax
import jax.numpy as jnp


class Vocabulary:
    def __init__(self, max_tokens=None):
        self.max_tokens = max_tokens

    def distinct(self, tokens):
        return jnp.unique(tokens, size=self.max_tokens)  # expect: concretization-type-error

    def count(self, tokens):
        return self.distinct(tokens).shape[0]


vocab = Vocabulary()
jax.jit(vocab.distinct)(jnp.array([3, 1, 3, 2]))
