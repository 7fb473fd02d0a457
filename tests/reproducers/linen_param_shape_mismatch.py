"""Raises ScopeParamShapeError: a Linen model initialised on 5 features, applied to 3."""

import flax.linen as nn
import jax
import jax.numpy as jnp


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)


model = Model()
params = model.init(jax.random.PRNGKey(0), jnp.ones(5))["params"]
model.apply({"params": params}, jnp.ones(3))
