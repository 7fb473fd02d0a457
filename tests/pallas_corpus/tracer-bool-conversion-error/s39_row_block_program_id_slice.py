# corpus: label=positive styles=helper batch=s39
"""A grid kernel over whole-array Refs (no BlockSpecs) picks its rows with a Python slice of
`pl.program_id(0)`, as a Triton kernel offsets its pointers: the slice's bounds are tracers."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

ROWS = 8


def scale_rows_kernel(x_ref, o_ref):
    i = pl.program_id(0)
    rows = x_ref[i * ROWS : (i + 1) * ROWS, :]  # expect: tracer-bool-conversion-error
    o_ref[i * ROWS : (i + 1) * ROWS, :] = rows * 2.0


def scale_rows(x):
    return pl.pallas_call(
        scale_rows_kernel,
        grid=(x.shape[0] // ROWS,),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x)


print(scale_rows(jnp.ones((32, 128), jnp.float32)).sum())
