# corpus: label=negative styles=direct batch=s35
"""The squeezed block read as the 2-D Ref it is; a kept batch dimension of size 1 indexed."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def squeezed_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[:, :] * 2.0


def kept_kernel(x_ref, o_ref):
    o_ref[0, :, :] = x_ref[0, :, :] * 2.0


x = jnp.ones((4, 8, 128), jnp.float32)
squeezed = pl.BlockSpec((None, 8, 128), lambda b: (b, 0, 0))
kept = pl.BlockSpec((1, 8, 128), lambda b: (b, 0, 0))
for kernel, spec in ((squeezed_kernel, squeezed), (kept_kernel, kept)):
    out = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(4,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)
    print(out.sum())
