# corpus: label=positive styles=attribute,method batch=pallas
"""A class reads the next block (a shifted index_map) on every grid step, so the last step
reads a block past the array.  Checked in the TPU interpret mode."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class NextBlock:
    def __init__(self, rows=8):
        self.rows = rows

    def kernel(self, x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2.0

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(x.shape[0] // self.rows,),  # expect: pallas-tpu-grid-out-of-bounds
            in_specs=[pl.BlockSpec((self.rows, 128), lambda i: (i + 1, 0))],
            out_specs=pl.BlockSpec((self.rows, 128), lambda i: (i, 0)),
            interpret=pltpu.InterpretParams(),
        )(x)


print(NextBlock()(jnp.ones((16, 128), jnp.float32)).sum())
