# corpus: label=negative styles=method batch=pallas
"""The kernel class's out-spec index method returns an index per block dimension, from a
branch on a static flag."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 3.0


class Tiler:
    def __init__(self, transpose=False):
        self.transpose = transpose

    def out_index(self, i):
        if self.transpose:
            return (0, i)
        return (i, 0)

    def run(self, x):
        return pl.pallas_call(
            k,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(2,),
            in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
            out_specs=pl.BlockSpec((8, 128), self.out_index),
            interpret=True,
        )(x)


print(Tiler().run(jnp.ones((16, 128), jnp.float32)).sum())
