"""A per-example function vmapped over split keys uses its key for two samplers."""
# corpus: label=positive styles=transform

import jax
from jax import random


def noisy_pair(key, x):
    eps = random.normal(key, x.shape)
    flip = random.bernoulli(key, 0.5, x.shape)  # expect: key-reuse-error
    return x + eps * flip


with jax.debug_key_reuse(True):
    keys = random.split(random.key(3), 4)
    xs = jax.numpy.ones((4, 2))
    jax.vmap(noisy_pair)(keys, xs)
