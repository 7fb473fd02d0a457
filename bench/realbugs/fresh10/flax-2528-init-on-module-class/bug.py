# realbug: flax-2528-init-on-module-class
# source: https://github.com/google/flax/issues/2528
# kind: library-contract
# raises: InvalidInstanceModuleError: Can only call init, init_with_output or apply methods on an instance of the Module class
# The report's common mistake: `B.init(k, x)` on the Module class instead of an instance
# `B()`, so the key is taken as `self`.
import jax.numpy as jnp
from jax import random
import flax.linen as nn


class B(nn.Module):
  @nn.compact
  def __call__(self, x):
    return x


k = random.PRNGKey(0)
x = random.uniform(random.PRNGKey(1), (2,))
vs = B.init(k, x)  # BUG
y = B().apply(vs, x)
