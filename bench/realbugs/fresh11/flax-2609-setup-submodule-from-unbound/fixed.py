# realbug: flax-2609-setup-submodule-from-unbound (fixed)
# source: https://github.com/google/flax/issues/2609
import jax
import jax.numpy as jnp
import flax.linen as nn


class MySubModule(nn.Module):
  @nn.compact
  def __call__(self, x):
    return nn.Dense(2)(x)


class MyModule(nn.Module):
  def setup(self):
    self.submodule = MySubModule()

  def __call__(self, x):
    return self.submodule(x)


module = MyModule()
variables = module.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
submodule = module.bind(variables).submodule
print(submodule)
