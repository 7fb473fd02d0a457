"""A construction attribute (dataclass field) of a linen Module set in ``setup``: linen keeps
them frozen there, so ``init`` raises SetAttributeInModuleSetupError (flax 0.12.12)."""

from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn


class Model(nn.Module):
    dtype: Any = None

    def setup(self):
        if self.dtype is None:
            self.dtype = jnp.float32
        self.dense = nn.Dense(2, dtype=self.dtype)

    def __call__(self, x):
        return self.dense(x)


Model().init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
