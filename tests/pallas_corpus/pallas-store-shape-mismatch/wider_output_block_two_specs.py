# corpus: label=positive styles=helper batch=pallas
"""Input blocks of 128 lanes and output blocks of 256: the kernel stores the input tile into
the wider output tile."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

IN_BLOCK = (8, 128)
OUT_BLOCK = (8, 256)


def widen(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0  # expect: pallas-store-shape-mismatch


x = jnp.ones((16, 256), jnp.float32)
y = pl.pallas_call(
    widen,
    out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
    grid=(2,),
    in_specs=[pl.BlockSpec(IN_BLOCK, lambda i: (i, 0))],
    out_specs=pl.BlockSpec(OUT_BLOCK, lambda i: (i, 0)),
    interpret=True,
)(x)
print(y.sum())
