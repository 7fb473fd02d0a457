"""Raises TypeError: a Pallas kernel takes three Refs (two inputs and an output), but the
call passes one input, so JAX calls it with two."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def add_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...]


x = jnp.ones((8, 128), jnp.float32)
pl.pallas_call(add_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True)(x)
