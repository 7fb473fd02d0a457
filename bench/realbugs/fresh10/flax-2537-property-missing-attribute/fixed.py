# realbug: flax-2537-property-missing-attribute (fixed)
# source: https://github.com/google/flax/issues/2537
import jax
import jax.numpy as jnp
import flax.linen as nn


class Foo(nn.Module):
  bar: int = 0

  @property
  def prop(self):
    return self.bar

  @nn.compact
  def __call__(self, x):
    return x + self.prop


Foo().init(jax.random.PRNGKey(0), jnp.ones(3))
