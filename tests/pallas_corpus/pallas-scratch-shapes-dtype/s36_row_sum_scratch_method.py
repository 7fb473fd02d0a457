# corpus: label=positive styles=method,attribute batch=s36
"""A method builds the scratch list from an attribute's row count, without a dtype."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class RowSum:
    def __init__(self, block_rows):
        self.block_rows = block_rows

    def scratch(self):
        rows = self.block_rows
        buffer = pltpu.VMEM((rows, 128))  # expect: pallas-scratch-shapes-dtype
        return [buffer]

    def __call__(self, x):
        def kernel(x_ref, o_ref, acc_ref):
            acc_ref[...] = x_ref[...]
            o_ref[...] = acc_ref[...] + 1.0

        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            scratch_shapes=self.scratch(),
            interpret=True,
        )(x)


print(RowSum(16)(jnp.ones((16, 128), jnp.float32)).sum())
