# realbug: flax-3761-kernel-init-class-attribute
# source: https://github.com/google/flax/issues/3761
# kind: library-contract
# raises: TypeError: iteration over a 0-d key array
# The Flax basics guide's SimpleDense keeps `kernel_init` as an unannotated class attribute,
# so `self.kernel_init` is a bound method: `self.param` passes the key as `self`'s argument
# and the shape lands in the wrong parameter (the report saw "Cannot interpret '7' as a data
# type"; jax 0.12 with a typed key fails one step earlier).
import flax.linen as nn
import jax.numpy as jnp
import jax.random as random


class SimpleDense(nn.Module):
  features: int
  kernel_init = nn.initializers.lecun_normal()

  @nn.compact
  def __call__(self, inputs):
    kernel = self.param('kernel',  # BUG
                        self.kernel_init,  # Initialization function
                        (inputs.shape[-1], self.features))  # init_args
    y = jnp.dot(inputs, kernel)
    return y


x = jnp.ones((1, 7))
model = SimpleDense(features=3)
key, init_key = random.split(random.key(123))
params = model.init(init_key, x)
