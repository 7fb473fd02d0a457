"""Raises TypeError: the (params, state) pair of a stateful init passed as the params."""

import haiku as hk
import jax
import jax.numpy as jnp

model = hk.transform_with_state(lambda x: hk.Linear(2)(x))
x = jnp.ones((4, 3))
params = model.init(jax.random.PRNGKey(0), x)
model.apply(params, {}, None, x)
