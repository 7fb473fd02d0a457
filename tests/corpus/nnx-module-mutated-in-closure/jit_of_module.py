"""nnx.jit is given a counter module itself, whose __call__ bumps a Variable it holds."""
# corpus: label=positive styles=attribute,transform

import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class Counter(nnx.Module):
    def __init__(self):
        self.count = Count(jnp.array(0))

    def __call__(self):
        self.count.value += 1  # expect: nnx-module-mutated-in-closure
        return self.count.value


counter = Counter()
print(nnx.jit(counter)())
