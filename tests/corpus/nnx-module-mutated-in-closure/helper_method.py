"""A module's __call__ delegates its bookkeeping to a helper method; nnx.jit is given the module."""
# corpus: label=positive styles=helper,method

import jax.numpy as jnp
from flax import nnx


class Total(nnx.Variable):
    pass


class Accumulator(nnx.Module):
    def __init__(self):
        self.total = Total(jnp.zeros(()))

    def _add(self, x):
        self.total.value = self.total.value + x.sum()  # expect: nnx-module-mutated-in-closure

    def __call__(self, x):
        self._add(x)
        return x


acc = Accumulator()
print(nnx.jit(acc)(jnp.ones(4)))
