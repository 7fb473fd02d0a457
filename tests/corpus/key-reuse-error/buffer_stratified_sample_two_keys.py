"""A replay buffer's stratified sampler splits its key per stratum; the caller passes two halves of a split."""
# corpus: label=negative styles=method,transform
# realcode: cause F

import jax
import jax.numpy as jnp
from jax import random


class PrioritisedBuffer:
    def __init__(self, priorities):
        self.priorities = priorities

    def stratified_sample(self, rng_key, batch_size):
        row_keys = random.split(rng_key, batch_size)
        cdf = jnp.cumsum(self.priorities) / jnp.sum(self.priorities)
        bounds = jnp.arange(batch_size) / batch_size

        def one(key, low):
            u = low + random.uniform(key) / batch_size
            return jnp.searchsorted(cdf, u)

        return jax.vmap(one)(row_keys, bounds)


with jax.debug_key_reuse(True):
    buffer = PrioritisedBuffer(jnp.array([1.0, 2.0, 3.0, 4.0]))
    rng_key1, rng_key2 = random.split(random.key(7))
    first = buffer.stratified_sample(rng_key1, 4)
    second = buffer.stratified_sample(rng_key2, 4)
