# corpus: label=positive styles=method,attribute batch=c
"""A bound method is jitted with 'self' among its static names; a bound method has no self
parameter any more."""

import jax
import jax.numpy as jnp


class Normalizer:
    def __init__(self, eps=1e-5):
        self.eps = eps
        self.fn = jax.jit(  # expect: jit-static-argnames-unknown
            self.normalize, static_argnames=("self", "axis")
        )

    def normalize(self, x, axis=-1):
        mean = x.mean(axis=axis, keepdims=True)
        var = x.var(axis=axis, keepdims=True)
        return (x - mean) / jnp.sqrt(var + self.eps)


norm = Normalizer()
print(norm.fn(jnp.arange(6.0).reshape(2, 3), axis=1))
