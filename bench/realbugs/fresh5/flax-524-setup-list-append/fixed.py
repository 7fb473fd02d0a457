# realbug: flax-524-setup-list-append (fixed)
# source: https://github.com/google/flax/issues/524
from typing import List

import jax
import jax.numpy as jnp
import flax.linen as nn


class Example1(nn.Module):
  feature_sizes: List[int]
  final_size: int
  def setup(self):
    layers = [nn.Dense(sz) for sz in self.feature_sizes]
    layers.append(nn.Dense(self.final_size))
    self.layers = layers

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x


Example1([4, 4], 2).init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
