"""The same classifier with its forward pass written as __call__."""

# corpus: label=negative styles=helper batch=s39

from collections.abc import Sequence

import jax.numpy as jnp
from flax import linen as nn
from jax import random


class Classifier(nn.Module):
    widths: Sequence[int]

    def setup(self):
        self.layers = [nn.Dense(w) for w in self.widths]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def create_variables(x, seed=0):
    return Classifier((16, 10)).init(random.PRNGKey(seed), x)


variables = create_variables(jnp.ones((2, 8)))
