# corpus: label=negative styles=attribute,method batch=pallas
"""Weakly typed Python numbers take the Ref's dtype on store: an int32 block scaled by a Python
float is cast by hand, and a bfloat16 block is filled from a float32 full of the right dtype."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class Fill:
    value = 0.25

    def kernel(self, x_ref, o_ref):
        o_ref[...] = jnp.full(o_ref.shape, self.value, jnp.bfloat16) + x_ref[...]

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
        )(x)


print(Fill()(jnp.ones((8, 128), jnp.bfloat16)).astype(jnp.float32).sum())
