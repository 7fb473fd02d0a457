# corpus: label=positive styles=attribute,method batch=pallas
"""A layer's kernel method reads the layer's weight array through self."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class Scale:
    def __init__(self, features):
        self.weight = jnp.full((8, features), 0.5, jnp.float32)

    def _kernel(self, x_ref, o_ref):
        o_ref[...] = x_ref[...] * self.weight  # expect: pallas-kernel-captures-array

    def __call__(self, x):
        return pl.pallas_call(
            self._kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
        )(x)


print(Scale(128)(jnp.ones((8, 128), jnp.float32)).sum())
