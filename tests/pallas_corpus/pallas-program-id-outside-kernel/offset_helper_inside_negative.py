# corpus: label=negative styles=helper batch=pallas
"""The offset helper is called only from the kernel."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK = 8


def row_offset():
    return pl.program_id(0) * BLOCK


def iota_kernel(o_ref):
    o_ref[...] = jnp.full(o_ref.shape, row_offset(), jnp.int32)


out = pl.pallas_call(
    iota_kernel,
    out_shape=jax.ShapeDtypeStruct((16, 128), jnp.int32),
    grid=(2,),
    out_specs=pl.BlockSpec((BLOCK, 128), lambda i: (i, 0)),
    interpret=True,
)()
print(out[:, 0])
