# corpus: label=positive styles=attribute,return batch=c
"""A factory builds an exponential-moving-average step for a given decay; the step returns
the carry alone."""

import jax.numpy as jnp
from jax import lax


def make_ema_step(decay):
    def step(avg, x):
        return decay * avg + (1.0 - decay) * x  # expect: scan-body-not-pair

    return step


def smooth(series, decay=0.9):
    _, history = lax.scan(make_ema_step(decay), series[0], series)
    return history


print(smooth(jnp.linspace(0.0, 1.0, 6)))
