# corpus: label=positive styles=helper batch=pallas
"""A helper gives a 1-D block for a 2-D input."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] + 1.0


def lane_spec(width):
    return pl.BlockSpec((width,), lambda i: (i,))  # expect: pallas-block-shape-rank


x = jnp.ones((16, 128), jnp.float32)
out = pl.pallas_call(
    k,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[lane_spec(128)],
    out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)),
    interpret=True,
)(x)
print(out.sum())
