# realbug: flax-975-module-without-call (fixed)
# source: https://github.com/google/flax/issues/975
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn


class NN(nn.Module):
    features: Sequence[int]

    def setup(self):
        self.layers = [nn.Dense(feat) for feat in self.features]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


model = NN([3, 1])
params = model.init(jax.random.PRNGKey(0), jnp.ones((2, 4)))
