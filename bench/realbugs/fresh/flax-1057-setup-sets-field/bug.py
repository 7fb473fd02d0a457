# realbug: flax-1057-setup-sets-field
# source: https://github.com/google/flax/issues/1057
# kind: linen-frozen-attribute
# raises: SetAttributeInModuleSetupError: Module construction attributes are frozen
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn


class Test(nn.Module):
    dtype1: Any = jnp.float32
    dtype2: Any = None

    def setup(self):
        if self.dtype2 is None:
            self.dtype2 = self.dtype1  # BUG

    @nn.compact
    def __call__(self, x):
        dense = nn.linear.Dense(features=3, name="dense", dtype=self.dtype2)
        return jnp.asarray(dense(x), dtype=self.dtype1) + 1


model = Test()
pars = model.init(jax.random.PRNGKey(0), jnp.ones((1, 2)))
print(jax.tree_util.tree_map(jnp.shape, pars))
