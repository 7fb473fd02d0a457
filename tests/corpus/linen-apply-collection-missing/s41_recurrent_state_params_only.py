"""A recurrent cell keeps its hidden state in a collection of its own; evaluation passes params."""
# corpus: label=positive styles=attribute batch=s41

import jax
import jax.numpy as jnp
from flax import linen as nn


class Cell(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x):
        hidden = self.variable("memory", "hidden", jnp.zeros, (x.shape[0], self.features))
        return nn.tanh(nn.Dense(self.features)(x) + hidden.value)


cell = Cell()
x = jnp.ones((2, 3))
variables = cell.init(jax.random.key(0), x)
out = cell.apply({"params": variables["params"]}, x)  # expect: linen-apply-collection-missing
print(out.shape)
