# corpus: label=negative styles=helper batch=pallas
"""Tagging blocks done right: program_id broadcast to the block with jnp.full."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tag_kernel(x_ref, o_ref):
    o_ref[...] = jnp.full((8, 128), pl.program_id(0), jnp.int32) + x_ref[...]


def tag_blocks(x):
    spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
    return pl.pallas_call(
        tag_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, jnp.int32),
        grid=(x.shape[0] // 8,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(tag_blocks(jnp.ones((16, 128), jnp.int32)).sum())
