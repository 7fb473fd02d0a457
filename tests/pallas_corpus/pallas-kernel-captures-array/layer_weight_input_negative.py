# corpus: label=negative styles=attribute,method batch=pallas
"""The layer passes its weight to the kernel as an input."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class Scale:
    def __init__(self, features):
        self.weight = jnp.full((8, features), 0.5, jnp.float32)

    def _kernel(self, x_ref, w_ref, o_ref):
        o_ref[...] = x_ref[...] * w_ref[...]

    def __call__(self, x):
        return pl.pallas_call(
            self._kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
        )(x, self.weight)


print(Scale(128)(jnp.ones((8, 128), jnp.float32)).sum())
