# corpus: label=negative styles=parameter batch=s37
"""A blocked GELU passes its grid as a bare integer (`rows // block`), which Pallas takes as a
one-axis grid."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def gelu_kernel(x_ref, o_ref):
    o_ref[...] = jax.nn.gelu(x_ref[...])


def gelu(x, block=32):
    rows, cols = x.shape
    spec = pl.BlockSpec((block, cols), lambda i: (i, 0))
    return pl.pallas_call(
        gelu_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=rows // block,
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(gelu(jnp.ones((128, 128), jnp.float32)).sum())
