# realbug: flax-2537-property-missing-attribute
# source: https://github.com/google/flax/issues/2537
# kind: library-contract
# raises: DescriptorAttributeError: Trying to access a property that is accessing a non-existent attribute
# The report's linen module reads a misspelt attribute inside a property (`self.baz`, where
# only `bar` exists); the module's fields are filled in.
import jax
import jax.numpy as jnp
import flax.linen as nn


class Foo(nn.Module):
  bar: int = 0

  @property
  def prop(self):
    return self.baz

  @nn.compact
  def __call__(self, x):
    return x + self.prop  # BUG


Foo().init(jax.random.PRNGKey(0), jnp.ones(3))
