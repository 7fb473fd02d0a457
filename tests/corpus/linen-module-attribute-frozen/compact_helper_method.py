"""A compact __call__ calls a helper method that stores a submodule on self."""
# corpus: label=positive styles=method,helper

import jax
import jax.numpy as jnp
from flax import linen as nn


class Tower(nn.Module):
    width: int = 4

    @nn.compact
    def __call__(self, x):
        return self.build()(x)

    def build(self):
        self.proj = nn.Dense(self.width)  # expect: linen-module-attribute-frozen
        return self.proj


print(Tower().init(jax.random.PRNGKey(0), jnp.ones((1, 2))))
