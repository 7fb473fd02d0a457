"""Raises AttributeError: an attribute Linen's setup assigns, read on the unbound module after
init (setup ran on init's bound clone only)."""

import jax
import jax.numpy as jnp
from flax import linen as nn


class Scaled(nn.Module):
    def setup(self):
        self.scale = 42

    def __call__(self, x):
        return x * self.scale


model = Scaled()
variables = model.init(jax.random.PRNGKey(0), jnp.ones(3))
print(model.scale)
