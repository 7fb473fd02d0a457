"""Raises ValueError: input_output_aliases maps input 1 to output 0, but the call passes one
input."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def increment_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


x = jnp.zeros((8, 128), jnp.float32)
pl.pallas_call(
    increment_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    input_output_aliases={1: 0},
    interpret=True,
)(x)
