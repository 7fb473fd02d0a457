"""The nnx-style embedding reset with .at[].set on the wrapper's value."""
# corpus: label=negative styles=attribute,method batch=s25

import jax.numpy as jnp


class Param:
    def __init__(self, value):
        self.value = value


class Embedding:
    def __init__(self, n, d):
        self.table = Param(jnp.zeros((n, d)))

    def reset_row(self, i):
        self.table.value = self.table.value.at[i].set(0.0)


emb = Embedding(10, 4)
emb.reset_row(3)
