# realbug: flax-2528-init-on-module-class (fixed)
# source: https://github.com/google/flax/issues/2528
import jax.numpy as jnp
from jax import random
import flax.linen as nn


class B(nn.Module):
  @nn.compact
  def __call__(self, x):
    return x


k = random.PRNGKey(0)
x = random.uniform(random.PRNGKey(1), (2,))
vs = B().init(k, x)
y = B().apply(vs, x)
