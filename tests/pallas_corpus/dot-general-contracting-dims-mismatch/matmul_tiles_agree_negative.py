# corpus: label=negative styles=attribute,method batch=pallas
"""The blocked matmul class done right: x's block takes the whole contracted dimension, as
y's does."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class BlockedMatmul:
    def __init__(self, bm=8, bn=128):
        self.bm, self.bn = bm, bn

    def kernel(self, x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] @ y_ref[...]

    def __call__(self, x, y):
        k = x.shape[1]
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[1]), x.dtype),
            grid=(x.shape[0] // self.bm, y.shape[1] // self.bn),
            in_specs=[
                pl.BlockSpec((self.bm, k), lambda i, j: (i, 0)),
                pl.BlockSpec((k, self.bn), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((self.bm, self.bn), lambda i, j: (i, j)),
            interpret=True,
        )(x, y)


print(BlockedMatmul()(jnp.ones((16, 256), jnp.float32), jnp.ones((256, 256), jnp.float32)).sum())
