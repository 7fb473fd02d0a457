# corpus: label=negative styles=attribute,method batch=pallas
"""The row-sum layer done right: keepdims and an explicit broadcast to the block's shape."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class RowSum:
    def kernel(self, x_ref, o_ref):
        total = jnp.sum(x_ref[...], axis=1, keepdims=True)
        o_ref[...] = jnp.broadcast_to(total, o_ref.shape)

    def __call__(self, x):
        spec = pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0))
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(x.shape[0] // 8,),
            in_specs=[spec],
            out_specs=spec,
            interpret=True,
        )(x)


print(RowSum()(jnp.ones((32, 128), jnp.float32)).sum())
