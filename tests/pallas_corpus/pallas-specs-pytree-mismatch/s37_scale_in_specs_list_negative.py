# corpus: label=negative styles=direct batch=s37
"""A blocked scale-and-bias kernel over one input passes its single BlockSpec in a list, while
`out_specs` takes the bare spec of its single output."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK = 64


def scale_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0 + 1.0


def scale(x):
    rows, cols = x.shape
    spec = pl.BlockSpec((BLOCK, cols), lambda i: (i, 0))
    return pl.pallas_call(
        scale_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(rows // BLOCK,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(scale(jnp.ones((256, 128), jnp.float32)).sum())
