# corpus: label=negative styles=attribute,return batch=pallas
"""The factory's kernel stores the scaled block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def make_scale_kernel(factor):
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * factor

    return kernel


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(
        make_scale_kernel(2.0), out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x).sum()
)
