# corpus: label=positive styles=direct batch=s35
"""The grid counts blocks with `/` (a float), as in the rounding kernel of pytorch/xla#8469,
which computed `grid = (len(x) + block_size - 1) // block_shape[0]` and then a `/` variant."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def round_kernel(x_ref, o_ref):
    o_ref[...] = jnp.round(x_ref[...])


def round_blocks(x, block_size=128):
    spec = pl.BlockSpec((block_size,), lambda i: (i,))
    return pl.pallas_call(  # expect: pallas-grid-not-integers
        round_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(len(x) / block_size,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


print(round_blocks(jnp.linspace(0.0, 9.0, 512)).sum())
