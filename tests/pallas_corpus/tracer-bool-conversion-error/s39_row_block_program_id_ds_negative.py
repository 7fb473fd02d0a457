# corpus: label=negative styles=helper batch=s39
"""The row kernel with its fix: the rows of program `i` are the window
`pl.ds(i * ROWS, ROWS)`, read and written with a traced start and a static size."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

ROWS = 8


def scale_rows_kernel(x_ref, o_ref):
    i = pl.program_id(0)
    rows = x_ref[pl.ds(i * ROWS, ROWS), :]
    o_ref[pl.ds(i * ROWS, ROWS), :] = rows * 2.0


def scale_rows(x):
    return pl.pallas_call(
        scale_rows_kernel,
        grid=(x.shape[0] // ROWS,),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x)


print(scale_rows(jnp.ones((32, 128), jnp.float32)).sum())
