"""A Glorot initializer helper expects a key; the layer builder passes it the int 42."""
# corpus: label=positive styles=helper

import math

import jax.numpy as jnp
from jax import random


def glorot_uniform(key, shape):
    limit = math.sqrt(6.0 / sum(shape))
    return random.uniform(key, shape, minval=-limit, maxval=limit)  # expect: random-int-seed-as-key


def dense(n_in, n_out):
    return {"w": glorot_uniform(42, (n_in, n_out)), "b": jnp.zeros(n_out)}


layer = dense(4, 2)
