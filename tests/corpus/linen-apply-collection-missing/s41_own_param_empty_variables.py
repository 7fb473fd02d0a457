"""A module declaring its own parameter is applied before any were made."""
# corpus: label=positive styles=direct batch=s41

import jax.numpy as jnp
from flax import linen as nn


class Bias(nn.Module):
    @nn.compact
    def __call__(self, x):
        b = self.param("b", nn.initializers.zeros, (x.shape[-1],))
        return x + b


print(Bias().apply({}, jnp.ones((2, 3))))  # expect: linen-apply-collection-missing
