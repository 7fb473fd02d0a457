# corpus: label=negative styles=method,attribute
import jax
import jax.numpy as jnp


class Vocabulary:
    def __init__(self, max_tokens=None):
        self.max_tokens = max_tokens

    def distinct(self, tokens):
        return jnp.unique(tokens, size=self.max_tokens, fill_value=-1)


vocab = Vocabulary(max_tokens=4)
jax.jit(vocab.distinct)(jnp.array([3, 1, 3, 2]))
