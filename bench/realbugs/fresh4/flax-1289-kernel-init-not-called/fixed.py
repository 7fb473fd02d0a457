# realbug: flax-1289-kernel-init-not-called (fixed)
# source: https://github.com/google/flax/issues/1289
from typing import Callable
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn

class SimpleDense(nn.Module):
  features: int
  kernel_init: Callable = nn.initializers.lecun_normal()
  bias_init: Callable = nn.initializers.zeros

  @nn.compact
  def __call__(self, inputs):
    kernel = self.param('kernel',
                        self.kernel_init,
                        (inputs.shape[-1], self.features))
    bias = self.param('bias', self.bias_init, (self.features,))

    y = lax.dot_general(inputs, kernel,
                        (((inputs.ndim - 1,), (0,)), ((), ())),)
    y = y + bias
    return y

rng = jax.random.PRNGKey(0)
layer = SimpleDense(5)
layer.init(rng, jnp.ones((1, 32, 32, 3)))
