# corpus: label=negative styles=helper batch=s35
"""The same BlockSpec with its arguments named (any order is right), and one positional in
0.12's order."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def q_index_map(seq_index, batch_index):
    return (batch_index, seq_index, 0)


def copy_kernel(q_ref, o_ref):
    o_ref[...] = q_ref[...] * 2.0


def run(q, block_q=8):
    batch, seq_len, head_dim = q.shape
    in_spec = pl.BlockSpec(index_map=q_index_map, block_shape=(1, block_q, head_dim))
    out_spec = pl.BlockSpec((1, block_q, head_dim), q_index_map)
    return pl.pallas_call(
        copy_kernel,
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        grid=(seq_len // block_q, batch),
        in_specs=[in_spec],
        out_specs=out_spec,
        interpret=True,
    )(q)


print(run(jnp.ones((2, 16, 128), jnp.float32)).sum())
