"""A trainer whose evaluation method applies the model class to a parameter dict it builds."""

# corpus: label=positive styles=method,return batch=s39

import jax.numpy as jnp
from flax import linen as nn


class Bias(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x + self.param("b", nn.initializers.zeros, (x.shape[-1],))


class Trainer:
    def __init__(self, width):
        self.b0 = jnp.zeros(width)

    def evaluate(self, x):
        return Bias.apply({"params": {"b": self.b0}}, x)  # expect: linen-init-on-module-class


print(Trainer(3).evaluate(jnp.ones((2, 3))))
