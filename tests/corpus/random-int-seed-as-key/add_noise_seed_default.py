"""A noise helper with an int `seed=0` default; the caller relies on the default."""
# corpus: label=positive styles=parameter,helper

import jax.numpy as jnp
from jax import random


def add_noise(x, scale=0.1, seed=0):
    return x + scale * random.normal(seed, x.shape)  # expect: random-int-seed-as-key


def augment(batch):
    return add_noise(batch, scale=0.05)


augment(jnp.zeros((2, 5)))
