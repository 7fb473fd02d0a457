# corpus: label=positive styles=attribute,method batch=pallas
"""A reduction class keeps each block's total in a VMEM scratch buffer's first element."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class BlockTotals:
    def __init__(self, rows=8):
        self.rows = rows

    def kernel(self, x_ref, o_ref, acc_ref):
        acc_ref[...] = jnp.zeros((8, 128), jnp.float32)
        acc_ref[0, 0] = jnp.sum(x_ref[...])  # expect: pallas-tpu-scalar-store
        o_ref[...] = acc_ref[...]

    def __call__(self, x):
        spec = pl.BlockSpec((self.rows, 128), lambda i: (i, 0))
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(x.shape[0] // self.rows,),
            in_specs=[spec],
            out_specs=spec,
            scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32)],
            interpret=True,
        )(x)


print(BlockTotals()(jnp.ones((16, 128), jnp.float32)).sum())
