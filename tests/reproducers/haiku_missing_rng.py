"""Raises MissingRNGError: a transformed function that draws a key, applied with no rng."""

import haiku as hk
import jax
import jax.numpy as jnp

forward = hk.transform(lambda x: hk.dropout(hk.next_rng_key(), 0.5, x))
x = jnp.ones((8,))
params = forward.init(jax.random.PRNGKey(0), x)
forward.apply(params, None, x)
