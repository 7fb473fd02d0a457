# realbug: flax-975-module-without-call
# source: https://github.com/google/flax/issues/975
# kind: library-contract
# raises: AttributeError: "NN" object has no attribute "__call__"
# The report's module (no __call__ written); the init call is filled in.
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn


class NN(nn.Module):
    features: Sequence[int]

    def setup(self):
        self.layers = [nn.Dense(feat) for feat in self.features]


model = NN([3, 1])
params = model.init(jax.random.PRNGKey(0), jnp.ones((2, 4)))  # BUG
