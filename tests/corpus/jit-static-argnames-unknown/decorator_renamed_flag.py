"""The flag was renamed `is_training` in the signature but not in the jit decorator."""
# corpus: label=positive styles=direct,parameter

from functools import partial

import jax
import jax.numpy as jnp
from jax import random


@partial(jax.jit, static_argnames=("training",))  # expect: jit-static-argnames-unknown
def dropout(key, x, rate=0.1, is_training=True):
    if not is_training:
        return x
    keep = random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


print(dropout(random.key(0), jnp.ones(4), is_training=False))
