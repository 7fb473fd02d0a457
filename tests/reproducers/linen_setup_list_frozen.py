"""Raises AttributeError: a list assigned in a Linen module's setup is kept as a tuple, so
append fails."""

import jax
import jax.numpy as jnp
from flax import linen as nn


class Stack(nn.Module):
    def setup(self):
        self.layers = [nn.Dense(4)]
        self.layers.append(nn.Dense(2))

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


Stack().init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
