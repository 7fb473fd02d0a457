"""A classifier that inherits its backbone's setup, where a stem stage is put in front."""

# corpus: label=positive styles=method,attribute batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn


class Backbone(nn.Module):
    def setup(self):
        self.stages = [nn.Dense(16), nn.Dense(16)]
        self.stages.insert(0, nn.Dense(8))  # expect: linen-setup-list-frozen


class Classifier(Backbone):
    classes: int = 10

    def __call__(self, x):
        for stage in self.stages:
            x = nn.relu(stage(x))
        return x


variables = Classifier().init(jax.random.PRNGKey(0), jnp.ones((2, 4)))
