# corpus: label=negative styles=method,attribute batch=c
"""The dropout layer accepts a seed or a key, and turns a seed into a key first."""

import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate, rng=0):
        self.rate = rate
        if isinstance(rng, int):
            rng = jax.random.key(rng)
        self.rng = rng

    def __call__(self, x, deterministic=False):
        if deterministic or self.rate == 0.0:
            return x
        keep = jax.random.bernoulli(self.rng, 1.0 - self.rate, x.shape)
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


print(Dropout(0.5, rng=17)(jnp.ones((2, 4))))
