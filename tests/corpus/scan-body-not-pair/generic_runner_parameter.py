"""A generic `run(body, init, xs)` utility receives a body that returns `a + b` only."""
# corpus: label=positive styles=parameter

import jax.numpy as jnp
from jax import lax


def run(body, init, xs, reverse=False):
    return lax.scan(body, init, xs, reverse=reverse)


def accumulate_discounted(acc, reward):
    return 0.99 * acc + reward  # expect: scan-body-not-pair


returns = run(accumulate_discounted, 0.0, jnp.ones(8), reverse=True)
print(returns)
