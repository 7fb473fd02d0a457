"""The history is the scan's stacked output instead of the carry."""
# corpus: label=negative styles=helper,direct

import jax.numpy as jnp
from jax import lax


def record(count, obs):
    return count + 1, obs


observations = jnp.ones((10, 3))
count, history = lax.scan(record, 0, observations)
print(history.shape)
