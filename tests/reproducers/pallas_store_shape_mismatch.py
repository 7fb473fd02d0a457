"""Raises ValueError: a kernel stores a value whose shape differs from the output block's."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def halves_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[:4]


x = jnp.ones(8, jnp.float32)
pl.pallas_call(halves_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
