# corpus: label=negative styles=helper,transform batch=s31
"""A reduction over a grid zeroes its output block under pl.when with jnp.zeros_like."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def sum_rows_kernel(x_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _init():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += x_ref[...]


def sum_row_blocks(x, rows=8):
    return pl.pallas_call(
        sum_rows_kernel,
        out_shape=jax.ShapeDtypeStruct((rows, x.shape[1]), x.dtype),
        grid=(x.shape[0] // rows,),
        in_specs=[pl.BlockSpec((rows, x.shape[1]), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((rows, x.shape[1]), lambda i: (0, 0)),
        interpret=True,
    )(x)


print(sum_row_blocks(jnp.ones((32, 128), jnp.float32)).sum())
