"""A dropout function splits its key parameter, then still samples the mask from the parent key."""
# corpus: label=positive styles=parameter

import jax
import jax.numpy as jnp
from jax import random


def dropout(x, key, rate=0.1):
    key, next_key = random.split(key)
    keep = random.bernoulli(next_key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def two_layers(x, key):
    h = dropout(jnp.tanh(x), key)
    keep = random.bernoulli(key, 0.9, h.shape)  # expect: key-reuse-error
    return jnp.where(keep, h, 0.0)


jax.config.update("jax_debug_key_reuse", True)
try:
    two_layers(jnp.ones((2, 3)), random.key(1))
finally:
    jax.config.update("jax_debug_key_reuse", False)  # the corpus shares one process
