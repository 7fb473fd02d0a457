# corpus: label=positive styles=direct batch=s37
"""A positional-embedding add computes its block's first position with `int(pl.program_id(0))`
to build a NumPy-style slice; the grid index is traced, so `int` cannot read it."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK = 64


def add_positions_kernel(x_ref, pos_ref, o_ref):
    start = int(pl.program_id(0)) * BLOCK  # expect: concretization-type-error
    o_ref[...] = x_ref[...] + pos_ref[start : start + BLOCK, :]


def add_positions(x, pos):
    seq, dim = x.shape
    return pl.pallas_call(
        add_positions_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(seq // BLOCK,),
        in_specs=[
            pl.BlockSpec((BLOCK, dim), lambda i: (i, 0)),
            pl.BlockSpec((seq, dim), lambda i: (0, 0)),
        ],
        out_specs=pl.BlockSpec((BLOCK, dim), lambda i: (i, 0)),
        interpret=True,
    )(x, pos)


x = jnp.ones((256, 128), jnp.float32)
pos = jnp.ones((256, 128), jnp.float32)
print(add_positions(x, pos).sum())
