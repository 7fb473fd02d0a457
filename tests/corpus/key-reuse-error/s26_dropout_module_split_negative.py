"""The dropout module splits its key on every call and keeps the new one."""
# corpus: label=negative styles=attribute,method batch=s26

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


class Dropout:
    def __init__(self, rate, key):
        self.rate = rate
        self.key = key

    def __call__(self, x):
        self.key, sub = jax.random.split(self.key)
        keep = jax.random.bernoulli(sub, 1.0 - self.rate, x.shape)
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


drop = Dropout(0.5, jax.random.key(0))
h = drop(jnp.ones(4))
print(drop(h))
