"""A static int seed under jit that is turned into a key before any sampler sees it."""
# corpus: label=negative styles=parameter

from functools import partial

import jax
from jax import random


@partial(jax.jit, static_argnums=(0, 1))
def sample_points(seed, n):
    key = random.key(seed)
    return random.normal(key, (n, 2))


sample_points(7, 5)
