# corpus: label=positive styles=helper batch=pallas
"""An index_map for a 2-D block returns only the row index."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def rows(i):
    return (i,)


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[pl.BlockSpec((8, 128), rows)],  # expect: pallas-index-map-arity
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    interpret=True,
)(x)
print(out.sum())
