# realbug: flax-1074-compact-new-attribute (fixed)
# source: https://github.com/google/flax/issues/1074
import jax.numpy as jnp
from flax import linen as nn
from jax import random


class SomeModule(nn.Module):
    @nn.compact
    def __call__(self, x):
        dense = nn.Dense(20)
        return dense(x)


print(SomeModule().init(random.PRNGKey(0), jnp.ones((5, 5))))
