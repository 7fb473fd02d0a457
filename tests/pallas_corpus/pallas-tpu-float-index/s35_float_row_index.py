# corpus: label=positive styles=direct batch=s35
"""The row to write is computed with `/` (a float), as jax#26034 stored to `o_ref[i]`."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def kernel(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    row = pl.program_id(0) / 1
    o_ref[row] = x_ref[0]  # expect: pallas-tpu-float-index


x = jnp.ones((8, 128), jnp.float32)
out = pl.pallas_call(
    kernel,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(1,),
    in_specs=[pl.BlockSpec((8, 128), lambda i: (0, 0))],
    out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(x)
print(out.sum())
