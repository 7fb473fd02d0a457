# corpus: label=positive styles=direct batch=s42
"""A Triton kernel over blocks of 24 rows (a grid that divides the 96 rows): each block's 24 x
64 elements are not a power of 2, so the lowering refuses the load."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu

ROWS = 24


def scale(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 0.5  # expect: pallas-gpu-size-not-power-of-two


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
