# realbug: flax-1057-setup-sets-field (fixed)
# source: https://github.com/google/flax/issues/1057
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn


class Test(nn.Module):
    dtype1: Any = jnp.float32
    dtype2: Any = None

    def setup(self):
        self.compute_dtype = self.dtype1 if self.dtype2 is None else self.dtype2

    @nn.compact
    def __call__(self, x):
        dense = nn.linear.Dense(features=3, name="dense", dtype=self.compute_dtype)
        return jnp.asarray(dense(x), dtype=self.dtype1) + 1


model = Test()
pars = model.init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
print(jax.tree_util.tree_map(jnp.shape, pars))
