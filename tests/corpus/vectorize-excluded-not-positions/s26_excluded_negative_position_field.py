"""A plain-class layer vectorizes its kernel in `__init__`, excluding the last argument by a negative position as one would index it."""
# corpus: label=positive styles=attribute,method batch=s26

import jax.numpy as jnp


def _kernel(x, table):
    return x * table[0]


class Lookup:
    def __init__(self, table):
        self.table = table
        self.fn = jnp.vectorize(_kernel, excluded={-1})  # expect: vectorize-excluded-not-positions

    def __call__(self, x):
        return self.fn(x, self.table)


print(Lookup(jnp.ones(3))(jnp.arange(4.0)))
