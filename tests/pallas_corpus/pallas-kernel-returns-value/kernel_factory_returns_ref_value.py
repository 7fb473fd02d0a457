# corpus: label=positive styles=attribute,return batch=pallas
"""A kernel factory's inner kernel returns the scaled block instead of storing it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def make_scale_kernel(factor):
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...]
        return x_ref[...] * factor  # expect: pallas-kernel-returns-value

    return kernel


x = jnp.ones((8, 128), jnp.float32)
print(
    pl.pallas_call(
        make_scale_kernel(2.0), out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
    )(x).sum()
)
