"""A stateful module records how many steps it ran on self; jax.jit is given the module."""
# corpus: label=positive styles=method,transform

import jax
import jax.numpy as jnp
from flax import nnx


class Tracker(nnx.Module):
    def __init__(self):
        self.steps = 0

    def __call__(self, x):
        self.steps = self.steps + 1  # expect: nnx-module-mutated-in-closure
        return x * 2


tracker = Tracker()
print(jax.jit(tracker)(jnp.ones(3)))
