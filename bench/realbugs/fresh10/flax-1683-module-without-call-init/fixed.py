# realbug: flax-1683-module-without-call-init (fixed)
# source: https://github.com/google/flax/issues/1683
import jax
import jax.numpy as jnp
import flax.linen as nn


class NoCall(nn.Module):

  def setup(self):
    self.b = self.param('b', nn.initializers.ones, ())

  def work(self, x):
    return x + self.b


NoCall().init(jax.random.PRNGKey(0), jnp.zeros([]), method=NoCall.work)
