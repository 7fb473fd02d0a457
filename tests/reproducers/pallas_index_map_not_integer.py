"""Raises ValueError: a BlockSpec's index_map returns a float block index (``i / 2``)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


x = jnp.ones((16, 128), jnp.float32)
pl.pallas_call(
    copy_kernel,
    out_shape=jax.ShapeDtypeStruct((32, 128), jnp.float32),
    grid=(4,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (i / 2, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    interpret=True,
)(x)
