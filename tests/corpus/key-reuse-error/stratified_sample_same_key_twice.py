"""A stratified sampler splits the key it is given into rows; the caller hands it the same key twice."""
# corpus: label=positive styles=parameter,transform
# realcode: cause F

import jax
import jax.numpy as jnp
from jax import random


def stratified_sample(priorities, rng_key, batch_size):
    row_keys = random.split(rng_key, batch_size)  # expect: key-reuse-error
    cdf = jnp.cumsum(priorities) / jnp.sum(priorities)
    lows = jnp.arange(batch_size) / batch_size
    u = jax.vmap(lambda k, low: low + random.uniform(k) / batch_size)(row_keys, lows)
    return jnp.searchsorted(cdf, u)


with jax.debug_key_reuse(True):
    priorities = jnp.array([1.0, 2.0, 3.0, 4.0])
    rng_key = random.key(7)
    first = stratified_sample(priorities, rng_key, 4)
    second = stratified_sample(priorities, rng_key, 4)
