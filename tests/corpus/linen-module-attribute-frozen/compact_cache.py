"""A compact layer caches its last input on self, PyTorch-style."""
# corpus: label=positive styles=method

import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        self.last_input = x  # expect: linen-module-attribute-frozen
        return nn.Dense(self.features)(x)


variables = Encoder(4).init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
print(jax.tree_util.tree_map(jnp.shape, variables))
