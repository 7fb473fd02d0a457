"""A module fills in one field's default from another in setup."""
# corpus: label=positive styles=attribute

from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn


class Projection(nn.Module):
    features: int
    param_dtype: Any = jnp.float32
    dtype: Any = None

    def setup(self):
        if self.dtype is None:
            self.dtype = self.param_dtype  # expect: linen-setup-sets-field
        self.dense = nn.Dense(self.features, dtype=self.dtype)

    def __call__(self, x):
        return self.dense(x)


print(Projection(2).init(jax.random.PRNGKey(0), jnp.ones((1, 3))))
