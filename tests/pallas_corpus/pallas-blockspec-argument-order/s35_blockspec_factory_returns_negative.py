# corpus: label=negative styles=helper,parameter,return batch=s35
"""The factory returns row BlockSpecs in 0.12's order."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def row_spec(rows):
    return pl.BlockSpec((rows, 128), lambda i: (i, 0))


def kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] - 1.0


def run(x, rows=8):
    spec = row_spec(rows)
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // rows,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(run(jnp.ones((16, 128), jnp.float32)).sum())
