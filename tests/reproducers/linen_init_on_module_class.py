"""Raises InvalidInstanceModuleError: init called on a Linen Module class, not an instance, so
the key is taken as the module."""

import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(x)


key = jax.random.PRNGKey(0)
MLP.init(key, jnp.ones((1, 2)))
