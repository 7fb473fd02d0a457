# corpus: label=negative styles=method,attribute batch=s39
"""The layer's kernel method with its fix: the buffer is described by a ShapeDtypeStruct of
the Ref's shape and dtype."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class Scale:
    def __init__(self, factor):
        self.factor = factor

    def kernel(self, x_ref, o_ref):
        m_ref = pl.empty_ref_like(jax.ShapeDtypeStruct(x_ref.shape, x_ref.dtype))
        o_ref[...] = x_ref[...] * self.factor

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
        )(x)


print(Scale(3.0)(jnp.ones((8, 128), jnp.float32)).sum())
