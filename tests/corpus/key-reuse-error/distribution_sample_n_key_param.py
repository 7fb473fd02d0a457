"""A distribution's public `sample(seed=...)` forwards to `_sample_n`, which draws twice from its key."""
# corpus: label=positive styles=method,parameter
# realcode: lost true positive (key parameter of _sample_n)

import math

import jax
import jax.numpy as jnp
from jax import random


class Distribution:
    def sample(self, *, seed, sample_shape=()):
        n = math.prod(sample_shape)
        return self._sample_n(seed, n).reshape(*sample_shape, -1)


class NoisyLogistic(Distribution):
    def __init__(self, loc, scale):
        self.loc = loc
        self.scale = scale

    def _sample_n(self, key, n):
        u = random.uniform(key, (n, self.loc.shape[0]), minval=1e-6, maxval=1.0 - 1e-6)
        jitter = random.normal(key, (n, self.loc.shape[0]))  # expect: key-reuse-error
        return self.loc + self.scale * (jnp.log(u) - jnp.log1p(-u)) + 1e-3 * jitter


with jax.debug_key_reuse(True):
    dist = NoisyLogistic(jnp.zeros(2), jnp.ones(2))
    samples = dist.sample(seed=random.key(0), sample_shape=(5,))
