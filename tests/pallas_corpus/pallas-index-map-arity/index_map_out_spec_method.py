# corpus: label=positive styles=method batch=pallas
"""A kernel class's out-spec index method returns one index for a 2-D block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 3.0


class Tiler:
    def out_index(self, i):
        return (i,)

    def run(self, x):
        return pl.pallas_call(
            k,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(2,),
            in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
            out_specs=pl.BlockSpec((8, 128), self.out_index),  # expect: pallas-index-map-arity
            interpret=True,
        )(x)


print(Tiler().run(jnp.ones((16, 128), jnp.float32)).sum())
