"""A fori_loop carrying (array, Python counter): the weak counter takes the sum's type."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp
from jax import lax


def run(x, n):
    def body(i, state):
        value, total = state
        return value * 0.9, total + value.sum()

    return lax.fori_loop(0, n, body, (x, 0))


print(run(jnp.ones(3), 4))
