"""The same method with a complete signature."""
# corpus: label=negative styles=method,transform

from functools import partial

import jax.numpy as jnp


class Whitener:
    def __init__(self, scale):
        self.scale = scale

    def transform(self, x):
        return self._one(x) * self.scale

    @staticmethod
    @partial(jnp.vectorize, signature="(n)->(n)")
    def _one(v):
        return (v - v.mean()) / (v.std() + 1e-6)


print(Whitener(2.0).transform(jnp.ones((4, 5))).shape)
