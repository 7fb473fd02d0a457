# corpus: label=positive styles=attribute,method batch=pallas
"""A row-sum layer stores a reduction made without keepdims into its (8, 128) output block:
the value is (8,)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class RowSum:
    def __init__(self, rows=8):
        self.rows = rows

    def kernel(self, x_ref, o_ref):
        o_ref[...] = jnp.sum(x_ref[...], axis=1)  # expect: pallas-store-shape-mismatch

    def __call__(self, x):
        spec = pl.BlockSpec((self.rows, x.shape[1]), lambda i: (i, 0))
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(x.shape[0] // self.rows,),
            in_specs=[spec],
            out_specs=spec,
            interpret=True,
        )(x)


print(RowSum()(jnp.ones((32, 128), jnp.float32)).sum())
