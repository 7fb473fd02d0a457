# corpus: label=negative styles=attribute,method batch=pallas
"""The next-block class done right: the grid has one step fewer than there are blocks."""

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
            out_shape=jax.ShapeDtypeStruct((x.shape[0] - self.rows, 128), x.dtype),
            grid=(x.shape[0] // self.rows - 1,),
            in_specs=[pl.BlockSpec((self.rows, 128), lambda i: (i + 1, 0))],
            out_specs=pl.BlockSpec((self.rows, 128), lambda i: (i, 0)),
            interpret=pltpu.InterpretParams(),
        )(x)


print(NextBlock()(jnp.ones((24, 128), jnp.float32)).sum())
