# corpus: label=positive styles=parameter batch=pallas
"""A caller's index_map returns three block indices for a 2-D block."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] - 1.0


def tiled(x, index_map):
    return pl.pallas_call(
        k,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[pl.BlockSpec((8, 128), index_map)],  # expect: pallas-index-map-arity
        out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
        interpret=True,
    )(x)


print(tiled(jnp.ones((16, 128), jnp.float32), lambda i: (0, i, 0)).sum())
