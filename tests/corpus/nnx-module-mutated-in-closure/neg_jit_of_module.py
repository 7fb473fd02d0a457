"""nnx.jit is given a function that takes the counter module as its argument: nnx lifts its state."""
# corpus: label=negative styles=attribute,transform

import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class Counter(nnx.Module):
    def __init__(self):
        self.count = Count(jnp.array(0))

    def __call__(self):
        self.count.value += 1
        return self.count.value


counter = Counter()
print(nnx.jit(lambda model: model())(counter))
