# corpus: label=positive styles=attribute,method batch=pallas
"""A layer keeps its block index function as an attribute; it is written for a 2-D grid but
the layer launches a 1-D one."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def _block_index(i, j):
    return (i, j)


def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 0.5


class Scale:
    def __init__(self, block_rows):
        self.block_rows = block_rows
        self.index_map = _block_index

    def __call__(self, x):
        spec = pl.BlockSpec((self.block_rows, x.shape[1]), self.index_map)
        return pl.pallas_call(  # expect: pallas-function-arity
            scale_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(x.shape[0] // self.block_rows,),
            in_specs=[spec],
            out_specs=spec,
            interpret=True,
        )(x)


print(Scale(8)(jnp.ones((32, 128), jnp.float32)).sum())
