# realbug: flax-1289-kernel-init-not-called
# source: https://github.com/google/flax/issues/1289
# kind: not-array
# raises: TypeError: Error interpreting argument to dot_general as a JAX value
from typing import Callable
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn

class SimpleDense(nn.Module):
  features: int
  kernel_init: Callable = nn.initializers.lecun_normal  # BUG
  bias_init: Callable = nn.initializers.zeros

  @nn.compact
  def __call__(self, inputs):
    kernel = self.param('kernel',
                        self.kernel_init,
                        (inputs.shape[-1], self.features))
    bias = self.param('bias', self.bias_init, (self.features,))

    y = lax.dot_general(inputs, kernel,  # BUG
                        (((inputs.ndim - 1,), (0,)), ((), ())),)
    y = y + bias
    return y

rng = jax.random.PRNGKey(0)
layer = SimpleDense(5)
layer.init(rng, jnp.ones((1, 32, 32, 3)))
