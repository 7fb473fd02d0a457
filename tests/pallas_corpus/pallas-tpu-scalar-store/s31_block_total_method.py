# corpus: label=positive styles=method,attribute batch=s31
"""A reducer class's kernel method stores its block's total, a 0-d value, into one element of
its VMEM output."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class BlockTotals:
    rows = 8

    def kernel(self, x_ref, o_ref):
        o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)
        o_ref[0, 0] = jnp.sum(x_ref[...])  # expect: pallas-tpu-scalar-store

    def __call__(self, x):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((x.shape[0], 128), x.dtype),
            grid=(x.shape[0] // self.rows,),
            in_specs=[pl.BlockSpec((self.rows, x.shape[1]), lambda i: (i, 0))],
            out_specs=pl.BlockSpec((self.rows, 128), lambda i: (i, 0)),
            compiler_params=pltpu.CompilerParams(),
            interpret=True,
        )(x)


print(BlockTotals()(jnp.ones((16, 128), jnp.float32)).sum())
