"""A classifier whose layers are declared in setup, its forward pass not yet written, set up
by a helper."""

# corpus: label=positive styles=helper batch=s39

from collections.abc import Sequence

import jax.numpy as jnp
from flax import linen as nn
from jax import random


class Classifier(nn.Module):
    widths: Sequence[int]

    def setup(self):
        self.layers = [nn.Dense(w) for w in self.widths]


def create_variables(x, seed=0):
    return Classifier((16, 10)).init(random.PRNGKey(seed), x)  # expect: linen-module-without-call


variables = create_variables(jnp.ones((2, 8)))
