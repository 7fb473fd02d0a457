"""A module's __call__ delegates its bookkeeping to a helper method; a decorated step takes the module."""
# corpus: label=negative styles=helper,method

import jax.numpy as jnp
from flax import nnx


class Total(nnx.Variable):
    pass


class Accumulator(nnx.Module):
    def __init__(self):
        self.total = Total(jnp.zeros(()))

    def _add(self, x):
        self.total.value = self.total.value + x.sum()

    def __call__(self, x):
        self._add(x)
        return x


@nnx.jit
def step(model, x):
    return model(x)


acc = Accumulator()
print(step(acc, jnp.ones(4)), acc.total.value)
