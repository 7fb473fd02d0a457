# corpus: label=negative styles=transform,direct batch=s31
"""A decorated iota kernel reads the ids of both axes of its two-axis grid."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((4, 2, 8, 128), jnp.int32),
    grid=(4, 2),
    out_specs=pl.BlockSpec((1, 1, 8, 128), lambda i, j: (i, j, 0, 0)),
    interpret=True,
)
def ids(o_ref):
    row = pl.program_id(0)
    col = pl.program_id(1)
    o_ref[...] = jnp.full(o_ref.shape, row * 10 + col, jnp.int32)


print(ids().sum())
