"""Raises TypeError: eqx.nn.Sequential holding a bare function, which it calls with key=."""

import equinox as eqx
import jax
import jax.numpy as jnp

model = eqx.nn.Sequential([eqx.nn.Linear(4, 8, key=jax.random.PRNGKey(0)), lambda x: x * 2])
model(jnp.ones(4))
