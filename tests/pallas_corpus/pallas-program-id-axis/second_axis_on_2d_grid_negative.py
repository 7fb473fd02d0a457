# corpus: label=negative styles=parameter batch=pallas
"""The same kernel launched on a 2-D grid."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tag_kernel(x_ref, o_ref):
    col = pl.program_id(1)
    o_ref[...] = x_ref[...] + col.astype(jnp.float32)


def launch(x, grid=(2, 1)):
    return pl.pallas_call(
        tag_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=grid,
        in_specs=[pl.BlockSpec((8, 128), lambda i, j: (i, j))],
        out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)),
        interpret=True,
    )(x)


print(launch(jnp.ones((16, 128), jnp.float32)).sum())
