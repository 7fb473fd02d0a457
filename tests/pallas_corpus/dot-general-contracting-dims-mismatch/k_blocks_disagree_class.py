# corpus: label=positive styles=attribute,method batch=pallas
"""A blocked matmul class whose two BlockSpecs cut the contracted dimension differently
(128 for x, 256 for y): the tiles' inner dimensions disagree."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class BlockedMatmul:
    def __init__(self, bm=8, bk=128, bn=128):
        self.bm, self.bk, self.bn = bm, bk, bn

    def kernel(self, x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] @ y_ref[...]  # expect: dot-general-contracting-dims-mismatch

    def __call__(self, x, y):
        return pl.pallas_call(
            self.kernel,
            out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[1]), x.dtype),
            grid=(x.shape[0] // self.bm, y.shape[1] // self.bn),
            in_specs=[
                pl.BlockSpec((self.bm, self.bk), lambda i, j: (i, 0)),
                pl.BlockSpec((2 * self.bk, self.bn), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((self.bm, self.bn), lambda i, j: (i, j)),
            interpret=True,
        )(x, y)


print(BlockedMatmul()(jnp.ones((16, 256), jnp.float32), jnp.ones((256, 256), jnp.float32)).sum())
