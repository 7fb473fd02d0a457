"""A scan body appends each observation to a history kept in the carry."""
# corpus: label=positive styles=helper,direct

import jax.numpy as jnp
from jax import lax


def record(history, obs):
    history = jnp.concatenate([history, obs[None]])
    return history, obs.sum()


observations = jnp.ones((10, 3))
start = jnp.zeros((1, 3))
history, totals = lax.scan(record, start, observations)  # expect: scan-carry-type-mismatch
