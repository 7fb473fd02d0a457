"""Raises ValueError: a kernel stores a float32 result into its bfloat16 output block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def half_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...].astype(jnp.float32) * 0.5


x = jnp.ones((8, 128), jnp.bfloat16)
pl.pallas_call(half_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
