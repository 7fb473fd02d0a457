"""A policy rollout scans with xs=None and forgets the length."""
# corpus: label=positive styles=helper,parameter batch=s25

import jax.numpy as jnp
from jax import lax


def rollout(step_fn, state, xs=None):
    return lax.scan(step_fn, state, xs)  # expect: scan-no-length


def step(s, _):
    return s * 0.9, s


print(rollout(step, jnp.ones(2)))
