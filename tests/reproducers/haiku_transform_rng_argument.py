"""Raises ValueError: apply(params, x) of an hk.transform, whose apply takes its rng second."""

import haiku as hk
import jax
import jax.numpy as jnp

forward = hk.transform(lambda x: hk.Linear(2)(x))
x = jnp.ones((1, 3))
params = forward.init(jax.random.PRNGKey(0), x)
forward.apply(params, x)
