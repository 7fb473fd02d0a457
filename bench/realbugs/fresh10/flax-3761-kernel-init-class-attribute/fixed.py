# realbug: flax-3761-kernel-init-class-attribute (fixed)
# source: https://github.com/google/flax/issues/3761
from typing import Callable

import flax.linen as nn
import jax.numpy as jnp
import jax.random as random


class SimpleDense(nn.Module):
  features: int
  kernel_init: Callable = nn.initializers.lecun_normal()

  @nn.compact
  def __call__(self, inputs):
    kernel = self.param('kernel',
                        self.kernel_init,  # Initialization function
                        (inputs.shape[-1], self.features))  # init_args
    y = jnp.dot(inputs, kernel)
    return y


x = jnp.ones((1, 7))
model = SimpleDense(features=3)
key, init_key = random.split(random.key(123))
params = model.init(init_key, x)
