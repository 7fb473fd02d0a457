# corpus: label=positive styles=method,attribute batch=s39
"""A layer's kernel method asks `pl.empty_ref_like` for a buffer like the values it loaded (an
array, not a shape to allocate)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class Scale:
    def __init__(self, factor):
        self.factor = factor

    def kernel(self, x_ref, o_ref):
        values = x_ref[...]
        m_ref = pl.empty_ref_like(values)  # expect: pallas-empty-ref-like-argument
        m_ref[...] = values * self.factor
        o_ref[...] = m_ref[...]

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
        )(x)


print(Scale(3.0)(jnp.ones((8, 128), jnp.float32)).sum())
