"""Raises InvalidRngError: a Linen model with Dropout applied in training mode without a
"dropout" rng."""

import jax
import jax.numpy as jnp
from flax import linen as nn


class Model(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(4)(x)
        return nn.Dropout(0.5, deterministic=not train)(x)


model = Model()
x = jnp.ones((2, 3))
variables = model.init(jax.random.key(0), x, train=False)
model.apply(variables, x, train=True)
