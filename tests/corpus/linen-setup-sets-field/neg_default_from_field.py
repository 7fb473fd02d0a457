"""A module derives its compute dtype from two fields in setup, under a new name."""
# corpus: label=negative styles=attribute

from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn


class Projection(nn.Module):
    features: int
    param_dtype: Any = jnp.float32
    dtype: Any = None

    def setup(self):
        self.compute_dtype = self.param_dtype if self.dtype is None else self.dtype
        self.dense = nn.Dense(self.features, dtype=self.compute_dtype)

    def __call__(self, x):
        return self.dense(x)


print(Projection(2).init(jax.random.PRNGKey(0), jnp.ones((1, 3))))
