# corpus: label=negative styles=direct batch=s42
"""The same kernel over blocks of 32 rows (a power of 2): lowered."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

ROWS = 32


def scale(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 0.5


x = jnp.ones((96, 64), jnp.float32)
out = pl.pallas_call(
    scale,
    grid=(x.shape[0] // ROWS,),
    in_specs=[pl.BlockSpec((ROWS, 64), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((ROWS, 64), lambda i: (i, 0)),
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    compiler_params=plgpu.CompilerParams(num_warps=4),
    interpret=True,
)(x)
print(out.sum())
