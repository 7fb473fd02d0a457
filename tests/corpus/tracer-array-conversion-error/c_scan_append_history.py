# corpus: label=positive styles=transform,helper batch=c
"""A scan body keeps a history with np.append."""

import jax.numpy as jnp
import numpy as np
from jax import lax


def step(carry, x):
    history = np.append(carry, x)  # expect: tracer-array-conversion-error
    return carry, history.sum()


print(lax.scan(step, jnp.zeros(2), jnp.ones(3)))
