# realbug: flax-511-dropout-key-split-two (fixed)
# source: https://github.com/google/flax/issues/511
# The report's keys and init call; its MyModule was in a Colab notebook, a Dense layer with
# Dropout stands in for it.
import jax
import jax.numpy as jnp
from jax import random
import flax.linen as nn


class MyModule(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.Dense(4)(x)
    return nn.Dropout(0.5, deterministic=False)(x)


x = jnp.ones((2, 3))
# a good key
key1, key2,key3  = random.split(random.PRNGKey(0), 3)

# mistake while typing
bad_key = random.split(random.PRNGKey(0), 2)

m = MyModule()
p = m.init({'params':key1,'dropout':key2},x)
