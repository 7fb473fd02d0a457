"""A dropout rate given to the constructor is clipped in setup by assigning the field."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp
from flax import linen as nn


class Regularised(nn.Module):
    rate: float

    def setup(self):
        self.rate = min(self.rate, 0.5)  # expect: linen-setup-sets-field
        self.dense = nn.Dense(3)

    def __call__(self, x, train: bool = False):
        return nn.Dropout(self.rate, deterministic=not train)(self.dense(x))


print(Regularised(0.9).init(jax.random.PRNGKey(0), jnp.ones((1, 2))))
