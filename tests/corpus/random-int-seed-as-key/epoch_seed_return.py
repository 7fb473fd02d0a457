"""A helper returns an int seed per epoch, and `random.split` is given it directly."""
# corpus: label=positive styles=return

import jax.numpy as jnp
from jax import random


def seed_for(epoch, base=17):
    return base * 1000 + epoch


def shuffled_batches(data, epoch):
    perm_key, _ = random.split(seed_for(epoch))  # expect: random-int-seed-as-key
    order = random.permutation(perm_key, data.shape[0])
    return data[order]


shuffled_batches(jnp.arange(10.0), epoch=3)
