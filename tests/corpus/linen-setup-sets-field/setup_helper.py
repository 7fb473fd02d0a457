"""setup calls a helper that rescales a construction attribute in place."""
# corpus: label=positive styles=helper,method

import jax
import jax.numpy as jnp
from flax import linen as nn


class Mixer(nn.Module):
    hidden: int = 4

    def setup(self):
        self._widen()
        self.dense = nn.Dense(self.hidden)

    def _widen(self):
        self.hidden = self.hidden * 2  # expect: linen-setup-sets-field

    def __call__(self, x):
        return self.dense(x)


print(Mixer().init(jax.random.PRNGKey(0), jnp.ones((1, 3))))
