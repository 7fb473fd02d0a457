"""setup calls a helper that stores a widened size under a new attribute name."""
# corpus: label=negative styles=helper,method

import jax
import jax.numpy as jnp
from flax import linen as nn


class Mixer(nn.Module):
    hidden: int = 4

    def setup(self):
        self._widen()
        self.dense = nn.Dense(self.width)

    def _widen(self):
        self.width = self.hidden * 2

    def __call__(self, x):
        return self.dense(x)


print(Mixer().init(jax.random.PRNGKey(0), jnp.ones((1, 3))))
