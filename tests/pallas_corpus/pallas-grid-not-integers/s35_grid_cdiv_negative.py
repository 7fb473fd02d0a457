# corpus: label=negative styles=direct batch=s35
"""The same launch with `pl.cdiv` (an int) for the block count, and a bare int grid."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def round_kernel(x_ref, o_ref):
    o_ref[...] = jnp.round(x_ref[...])


def round_blocks(x, block_size=128):
    spec = pl.BlockSpec((block_size,), lambda i: (i,))
    return pl.pallas_call(
        round_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(pl.cdiv(len(x), block_size),),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


def round_int_grid(x, block_size=128):
    spec = pl.BlockSpec((block_size,), lambda i: (i,))
    return pl.pallas_call(
        round_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=len(x) // block_size,
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


x = jnp.linspace(0.0, 9.0, 512)
print(round_blocks(x).sum(), round_int_grid(x).sum())
