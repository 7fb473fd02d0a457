"""A plain-class dropout module keeps one key as a field set in `__init__` and draws its mask from it on every call; two calls reuse it. Based on jax-ml/jax#689 (one key used for several draws)."""
# corpus: label=positive styles=attribute,method batch=s26

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


class Dropout:
    def __init__(self, rate, key):
        self.rate = rate
        self.key = key

    def __call__(self, x):
        keep = jax.random.bernoulli(self.key, 1.0 - self.rate, x.shape)  # expect: key-reuse-error
        return jnp.where(keep, x / (1.0 - self.rate), 0.0)


drop = Dropout(0.5, jax.random.key(0))
h = drop(jnp.ones(4))
print(drop(h))
