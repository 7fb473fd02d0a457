"""Raises AttributeError: init without method= on a Linen module that defines no __call__."""

import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    def setup(self):
        self.dense = nn.Dense(4)

    def encode(self, x):
        return self.dense(x)


Encoder().init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
