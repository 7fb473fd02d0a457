"""A dropout layer branches on `training`, which is a static argument passed by keyword."""
# corpus: label=negative styles=parameter

from functools import partial

import jax
import jax.numpy as jnp
from jax import random


@partial(jax.jit, static_argnames="training")
def dropout(x, key, training=False, rate=0.1):
    if training:
        keep = random.bernoulli(key, 1.0 - rate, x.shape)
        return jnp.where(keep, x / (1.0 - rate), 0.0)
    return x


x = jnp.ones((2, 4))
y_train = dropout(x, random.key(0), training=True)
y_eval = dropout(x, random.key(1))
