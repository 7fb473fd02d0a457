"""The running sum starts from a Python 0, which takes the values' dtype."""
# corpus: label=negative styles=parameter,helper

import jax.numpy as jnp
from jax import lax


def cumulative(values, start):
    def step(total, v):
        total = total + v
        return total, total

    return lax.scan(step, start, values)


print(cumulative(jnp.linspace(0.0, 1.0, 5), 0))
