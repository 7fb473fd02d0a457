# corpus: label=negative styles=attribute batch=pallas
"""The HBM input given as a whole-array block with an index_map of zeros, and copied by hand."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class HbmWhole:
    def __init__(self, shape=(16, 128)):
        self.shape = shape
        self.in_spec = pl.BlockSpec(shape, lambda i: (0, 0), memory_space=pl.ANY)

    def kernel(self, x_hbm, o_ref, buffer):
        pltpu.sync_copy(x_hbm, buffer)
        o_ref[...] = buffer[...] + 1.0

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(1,),
            in_specs=[self.in_spec],
            out_specs=pl.BlockSpec(self.shape, lambda i: (0, 0)),
            scratch_shapes=[pltpu.VMEM(self.shape, jnp.float32)],
            interpret=True,
        )(x)


print(HbmWhole()(jnp.ones((16, 128), jnp.float32)).sum())
