# corpus: label=positive styles=attribute batch=pallas
"""A class pipelines 8-row blocks of an input it keeps in HBM (memory space ANY), copying each
block in by hand."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class HbmRows:
    def __init__(self, rows=8):
        self.rows = rows
        self.in_spec = pl.BlockSpec(  # expect: pallas-tpu-any-blocked
            (rows, 128), lambda i: (i, 0), memory_space=pl.ANY
        )

    def kernel(self, x_hbm, o_ref, buffer):
        pltpu.sync_copy(x_hbm, buffer)
        o_ref[...] = buffer[...] + 1.0

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(x.shape[0] // self.rows,),
            in_specs=[self.in_spec],
            out_specs=pl.BlockSpec((self.rows, 128), lambda i: (i, 0)),
            scratch_shapes=[pltpu.VMEM((self.rows, 128), jnp.float32)],
            interpret=True,
        )(x)


print(HbmRows()(jnp.ones((16, 128), jnp.float32)).sum())
