# realbug: flax-1683-module-without-call-init
# source: https://github.com/google/flax/issues/1683
# kind: library-contract
# raises: AttributeError: "NoCall" object has no attribute "__call__"
# The report's module defines only `setup` and a `work` method; `init` without `method=`
# calls `__call__`, which the module does not have.
import jax
import jax.numpy as jnp
import flax.linen as nn


class NoCall(nn.Module):

  def setup(self):
    self.b = self.param('b', nn.initializers.ones, ())

  def work(self, x):
    return x + self.b


NoCall().init(jax.random.PRNGKey(0), jnp.zeros([]))  # BUG
