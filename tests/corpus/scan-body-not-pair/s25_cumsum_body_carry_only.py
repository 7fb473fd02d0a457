"""A cumulative-sum scan body returns only its carry."""
# corpus: label=positive styles=return,helper batch=s25

import jax.numpy as jnp
from jax import lax


def accumulate(total, x):
    return total + x  # expect: scan-body-not-pair


def running_total(xs):
    return lax.scan(accumulate, 0.0, xs)


print(running_total(jnp.arange(4.0)))
