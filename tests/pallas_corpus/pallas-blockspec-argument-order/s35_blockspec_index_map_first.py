# corpus: label=positive styles=helper batch=s35
"""BlockSpecs written in the old order, index_map first (jax-triton#44's examples and early
Pallas tutorials: `pl.BlockSpec(q_index_map, (1, block_q, 1, head_dim))`)."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def q_index_map(seq_index, batch_index):
    return (batch_index, seq_index, 0)


def copy_kernel(q_ref, o_ref):
    o_ref[...] = q_ref[...] * 2.0


def run(q, block_q=8):
    batch, seq_len, head_dim = q.shape
    block = (1, block_q, head_dim)
    spec = pl.BlockSpec(q_index_map, block)  # expect: pallas-blockspec-argument-order
    return pl.pallas_call(
        copy_kernel,
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        grid=(seq_len // block_q, batch),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(q)


print(run(jnp.ones((2, 16, 128), jnp.float32)).sum())
