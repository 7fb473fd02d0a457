# corpus: label=positive styles=attribute,method batch=s36
"""A kernel method copies a window of `self.block_rows` (8) rows into a 16-row buffer."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class Streamer:
    block_rows = 8

    def kernel(self, x_hbm, o_ref, buf):
        window = x_hbm.at[pl.ds(0, self.block_rows)]
        pltpu.sync_copy(window, buf)  # expect: pallas-async-copy-shape-mismatch
        o_ref[...] = buf[...]

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((16, 128), x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            scratch_shapes=[pltpu.VMEM((16, 128), jnp.float32)],
            interpret=pltpu.InterpretParams(),
        )(x)


print(Streamer()(jnp.ones((16, 128), jnp.float32)).sum())
