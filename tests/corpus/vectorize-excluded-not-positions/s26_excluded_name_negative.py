"""The same layer excluding its table by the parameter's name, which `jnp.vectorize` accepts."""
# corpus: label=negative styles=attribute,method batch=s26

import jax.numpy as jnp


def _kernel(x, table):
    return x * table[0]


class Lookup:
    def __init__(self, table):
        self.table = table
        self.fn = jnp.vectorize(_kernel, excluded={"table"})

    def __call__(self, x):
        return self.fn(x, table=self.table)


print(Lookup(jnp.ones(3))(jnp.arange(4.0)))
