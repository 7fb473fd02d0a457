"""A dropout layer keeps one key per replica as an attribute and draws its mask in a method."""
# corpus: label=positive styles=attribute,method batch=s29

import jax
import jax.numpy as jnp


class Dropout:
    def __init__(self, rate, seed, replicas):
        self.rate = rate
        self.keys = jax.random.split(jax.random.key(seed), replicas)

    def __call__(self, x):
        p = 1.0 - self.rate
        keep = jax.random.bernoulli(self.keys, p, x.shape)  # expect: random-batched-key
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


layer = Dropout(0.5, seed=1, replicas=2)
print(layer(jnp.ones((2, 5))))
