"""Raises ValueError: an hk.Linear initialised on 420 features and applied to 940."""

import haiku as hk
import jax
import jax.numpy as jnp

q = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(30)(x)))
params = q.init(jax.random.PRNGKey(0), jnp.ones((1, 420)))
q.apply(params, jnp.ones((1, 940)))
