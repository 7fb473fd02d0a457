"""Raises ValueError: out_shape is given as a plain tuple instead of a jax.ShapeDtypeStruct."""

import jax.numpy as jnp
from jax.experimental import pallas as pl


def double_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


x = jnp.ones(8, jnp.float32)
pl.pallas_call(double_kernel, out_shape=(8,), interpret=True)(x)
