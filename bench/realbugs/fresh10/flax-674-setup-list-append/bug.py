# realbug: flax-674-setup-list-append
# source: https://github.com/google/flax/issues/674
# kind: linen-frozen-attribute
# raises: AttributeError: 'tuple' object has no attribute 'append'
# The trap the issue describes: a list of submodules assigned in `setup` and then appended to.
# Linen freezes the list into a tuple on assignment, so the append fails.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Stack(nn.Module):
  def setup(self):
    self.sub_modules = [nn.Dense(4)]
    self.sub_modules.append(nn.Dense(4))  # BUG

  def __call__(self, x):
    for m in self.sub_modules:
      x = m(x)
    return x


params = Stack().init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
