# realbug: flax-524-setup-list-append
# source: https://github.com/google/flax/issues/524
# kind: library-contract
# raises: AttributeError: 'tuple' object has no attribute 'append'
# The report's `Example1`; its `final_size` is read from the module (`self.final_size`), and
# the module is initialised on an input.
from typing import List

import jax
import jax.numpy as jnp
import flax.linen as nn


class Example1(nn.Module):
  feature_sizes: List[int]
  final_size: int
  def setup(self):
    self.layers = [nn.Dense(sz) for sz in self.feature_sizes]
    self.layers.append(nn.Dense(self.final_size))  # BUG

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x


Example1([4, 4], 2).init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
