# realbug: flax-674-setup-list-append (fixed)
# source: https://github.com/google/flax/issues/674
import jax
import jax.numpy as jnp
import flax.linen as nn


class Stack(nn.Module):
  def setup(self):
    self.sub_modules = [nn.Dense(4), nn.Dense(4)]

  def __call__(self, x):
    for m in self.sub_modules:
      x = m(x)
    return x


params = Stack().init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
