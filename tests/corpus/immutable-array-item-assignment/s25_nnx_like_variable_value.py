"""An nnx-style Param wrapper holds its array in .value; an in-place row update is written with item assignment."""
# corpus: label=positive styles=attribute,method batch=s25

import jax.numpy as jnp


class Param:
    def __init__(self, value):
        self.value = value


class Embedding:
    def __init__(self, n, d):
        self.table = Param(jnp.zeros((n, d)))

    def reset_row(self, i):
        self.table.value[i] = 0.0  # expect: immutable-array-item-assignment


emb = Embedding(10, 4)
emb.reset_row(3)
