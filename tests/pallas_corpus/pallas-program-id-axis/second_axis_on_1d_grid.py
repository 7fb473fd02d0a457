# corpus: label=positive styles=parameter batch=pallas
"""A kernel written for a (rows, cols) grid reads program_id(1); the caller passes a 1-D grid."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tag_kernel(x_ref, o_ref):
    col = pl.program_id(1)  # expect: pallas-program-id-axis
    o_ref[...] = x_ref[...] + col.astype(jnp.float32)


def launch(x, grid=(2,)):
    return pl.pallas_call(
        tag_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=grid,
        in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        interpret=True,
    )(x)


print(launch(jnp.ones((16, 128), jnp.float32)).sum())
