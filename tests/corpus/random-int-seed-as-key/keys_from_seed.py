"""The fix: the int seed becomes a key with `random.key(seed)`, split once per use."""
# corpus: label=negative styles=parameter

import jax.numpy as jnp
from jax import random


def init_params(seed, sizes):
    keys = random.split(random.key(seed), len(sizes) - 1)
    params = []
    for key, n_in, n_out in zip(keys, sizes[:-1], sizes[1:]):
        w = random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
        params.append((w, jnp.zeros(n_out)))
    return params


params = init_params(0, [3, 8, 1])
