# corpus: label=positive styles=method,attribute batch=c
"""A dropout layer stores the seed it was given and uses it as the key in __call__."""

import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate, seed=0):
        self.rate = rate
        self.rng = seed

    def __call__(self, x, deterministic=False):
        if deterministic or self.rate == 0.0:
            return x
        p = 1.0 - self.rate
        keep = jax.random.bernoulli(self.rng, p, x.shape)  # expect: random-int-seed-as-key
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


layer = Dropout(0.5, seed=17)
print(layer(jnp.ones((2, 4))))
