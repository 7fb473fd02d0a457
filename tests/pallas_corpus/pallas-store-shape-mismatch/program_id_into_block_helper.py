# corpus: label=positive styles=helper batch=pallas
"""A helper kernel tags each block with its grid index by storing program_id into the whole
output block: a 0-d value into an (8, 128) Ref."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def tag_kernel(x_ref, o_ref):
    o_ref[...] = pl.program_id(0)  # expect: pallas-store-shape-mismatch


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
