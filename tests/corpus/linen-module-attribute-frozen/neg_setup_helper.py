"""A module stores its submodules on self in setup, through a helper setup calls; a top-level layer is tweaked before use."""
# corpus: label=negative styles=method,helper

import jax
import jax.numpy as jnp
from flax import linen as nn


class Tower(nn.Module):
    width: int = 4

    def setup(self):
        self.build()

    def build(self):
        self.proj = nn.Dense(self.width)

    def __call__(self, x):
        return self.proj(x)


standalone = nn.Dense(2)
standalone.features = 3
print(Tower().init(jax.random.PRNGKey(0), jnp.ones((1, 2))))
print(standalone.init(jax.random.PRNGKey(1), jnp.ones((1, 2)))["params"]["kernel"].shape)
