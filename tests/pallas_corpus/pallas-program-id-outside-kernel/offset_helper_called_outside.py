# corpus: label=positive styles=helper batch=pallas
"""A helper that computes a block's row offset is also called to size the output, outside any
kernel."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK = 8


def row_offset():
    return pl.program_id(0) * BLOCK  # expect: pallas-program-id-outside-kernel


def iota_kernel(o_ref):
    o_ref[...] = jnp.full(o_ref.shape, row_offset(), jnp.int32)


start = row_offset()
out = pl.pallas_call(
    iota_kernel,
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.int32),
    grid=(2,),
    out_specs=pl.BlockSpec((BLOCK, 128), lambda i: (i, 0)),
    interpret=True,
)()
print(start, out[:, 0])
