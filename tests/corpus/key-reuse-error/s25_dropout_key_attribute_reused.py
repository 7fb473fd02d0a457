"""A model stores one dropout key on itself and two dropout layers both draw from it."""
# corpus: label=positive styles=attribute,method batch=s25

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


class Net:
    def __init__(self, key):
        self.key = key

    def dropout(self, x, rate=0.5):
        keep = jax.random.bernoulli(self.key, 1 - rate, x.shape)  # expect: key-reuse-error
        return jnp.where(keep, x / (1 - rate), 0)

    def __call__(self, x):
        return self.dropout(jnp.tanh(self.dropout(x)))


print(Net(jax.random.key(1))(jnp.ones(4)))
