"""The seed is a static argument of the jitted sampler, so the sampler inside gets a Python int."""
# corpus: label=positive styles=parameter,transform

from functools import partial

import jax
from jax import random


@partial(jax.jit, static_argnums=(0, 1))
def sample_points(seed, n):
    return random.normal(seed, (n, 2))  # expect: random-int-seed-as-key


sample_points(7, 5)
