"""Raises ValueError: a pallas_call grid given as floats."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.ones(16, jnp.float32)
blocks = x.shape[0] / 8
pl.pallas_call(
    copy_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(blocks,),
    in_specs=[pl.BlockSpec((8,), lambda i: (i,))],
    out_specs=pl.BlockSpec((8,), lambda i: (i,)),
    interpret=True,
)(x)
