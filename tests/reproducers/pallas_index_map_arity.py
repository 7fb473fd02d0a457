"""Raises ValueError: a BlockSpec index map returns fewer indices than the block has dimensions."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.ones((16, 8), jnp.float32)
pl.pallas_call(
    copy_kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 8), lambda i: (i,))],
    out_specs=pl.BlockSpec((8, 8), lambda i: (i, 0)),
    interpret=True,
)(x)
