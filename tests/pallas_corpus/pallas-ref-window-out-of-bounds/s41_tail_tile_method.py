# corpus: label=positive styles=method batch=s41
"""A tiler class reads the last tile of a block at a fixed offset from its start: the block's
rows are 12, the tile starts at 8 and is 8 rows long."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


class Tiler:
    def __init__(self, tile):
        self.tile = tile

    def last(self, ref):
        return ref[pl.ds(self.tile, self.tile), :]  # expect: pallas-ref-window-out-of-bounds

    def kernel(self, x_ref, o_ref):
        o_ref[...] = x_ref[...] + jnp.sum(self.last(x_ref))


x = jnp.ones((12, 128), jnp.float32)
out = pl.pallas_call(
    Tiler(8).kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), interpret=True
)(x)
print(out.sum())
