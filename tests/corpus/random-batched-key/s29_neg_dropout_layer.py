"""A dropout layer keeps one key per replica as an attribute and uses the first in a method."""
# corpus: label=negative styles=attribute,method batch=s29

import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate, seed, replicas):
        self.rate = rate
        self.keys = jax.random.split(jax.random.key(seed), replicas)

    def __call__(self, x):
        p = 1.0 - self.rate
        keep = jax.random.bernoulli(self.keys[0], p, x.shape)
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


layer = Dropout(0.5, seed=1, replicas=2)
print(layer(jnp.ones((2, 5))))
