"""A helper inside the kernel reads the block's row offset; jax.grad of a loss over the kernel
fails on the grid index before it reaches the linearization."""
# corpus: label=positive styles=helper,transform

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BLOCK_ROWS = 8


def row_offset():
    return pl.program_id(0) * BLOCK_ROWS  # expect: pallas-program-id-outside-kernel


def positional_kernel(x_ref, o_ref):
    rows = row_offset() + jax.lax.broadcasted_iota(jnp.int32, x_ref.shape, 0)
    o_ref[...] = x_ref[...] * rows.astype(jnp.float32)


def positional(x):
    spec = pl.BlockSpec((BLOCK_ROWS, 128), lambda i: (i, 0))
    return pl.pallas_call(
        positional_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // BLOCK_ROWS,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(x)


grads = jax.grad(lambda x: positional(x).sum())(jnp.ones((32, 128), jnp.float32))
