"""`jax.jit(partial(draw, key))`: the remaining `num_samples` argument is traced into a sample shape."""
# corpus: label=positive styles=parameter

from functools import partial

import jax
from jax import random


def draw(key, num_samples, dim=2):
    return random.normal(key, (num_samples, dim))  # expect: traced-shape-argument


sample = jax.jit(partial(draw, random.key(0)))
points = sample(5)
