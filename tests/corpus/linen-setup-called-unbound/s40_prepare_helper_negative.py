"""The helper prepares the model by initialising it and binding the variables: setup then runs
on the bound module."""

# corpus: label=negative styles=helper,return batch=s40

import jax
import jax.numpy as jnp
from flax import linen as nn


class Backbone(nn.Module):
    channels: int = 4

    def setup(self):
        self.conv = nn.Conv(self.channels, kernel_size=(3, 3))

    def __call__(self, x):
        return self.conv(x)


backbone = Backbone()


def prepare():
    variables = backbone.init(jax.random.PRNGKey(0), jnp.ones((1, 8, 8, 3)))
    bound = backbone.bind(variables)
    bound.setup()
    return bound


print(type(prepare()).__name__)
