# realbug: flax-1074-compact-new-attribute
# source: https://github.com/google/flax/issues/1074
# kind: linen-frozen-attribute
# raises: SetAttributeFrozenModuleError: Can't set new_attr=20 for Module of type Dense
import jax.numpy as jnp
from flax import linen as nn
from jax import random


class SomeModule(nn.Module):
    @nn.compact
    def __call__(self, x):
        dense = nn.Dense(10)
        dense.new_attr = 20  # BUG
        return dense(x)


print(SomeModule().init(random.PRNGKey(0), jnp.ones((5, 5))))
