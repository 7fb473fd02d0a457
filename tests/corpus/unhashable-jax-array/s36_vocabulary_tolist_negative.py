"""A tokenizer whose decode looks its vocabulary up with the ids as a list."""

# corpus: label=negative styles=attribute,method batch=s36
import jax.numpy as jnp


class Tokenizer:
    def __init__(self):
        self.vocabulary = {0: "<pad>", 1: "hello", 2: "world"}

    def decode(self, ids):
        return " ".join(self.vocabulary[i] for i in ids.tolist())


Tokenizer().decode(jnp.array([1, 2]))
