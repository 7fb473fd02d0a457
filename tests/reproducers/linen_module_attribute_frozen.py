"""An attribute of a linen Module set inside its ``@nn.compact`` method: the module is frozen
outside ``setup``, so ``init`` raises SetAttributeFrozenModuleError (flax 0.12.12)."""

import jax
import jax.numpy as jnp
from flax import linen as nn


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        self.hidden = nn.Dense(3)
        return self.hidden(x)


Model().init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
