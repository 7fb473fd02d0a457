"""Raises VerificationError on a TPU: a kernel indexes its output Ref with a float row; interpret
mode runs it. The kernel of the corpus program pallas-tpu-float-index/s35_float_row_index.py, which
raised it on a TPU v5e (jax 0.10.2)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    row = pl.program_id(0) / 1
    o_ref[row] = x_ref[0]


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(1,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (0, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
    compiler_params=pltpu.CompilerParams(),
)(x)
print(out.sum())
