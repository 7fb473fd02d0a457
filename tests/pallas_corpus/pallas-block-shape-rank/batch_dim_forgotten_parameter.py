# corpus: label=positive styles=parameter batch=pallas
"""Attention scores over (batch, q, k): the output spec's block forgot the batch dimension."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def scores_kernel(q_ref, k_ref, o_ref):
    o_ref[...] = q_ref[...] * k_ref[...]


def scores(q, k, block_q=8):
    b, n, d = q.shape
    in_spec = pl.BlockSpec((None, block_q, d), lambda bi, i: (bi, i, 0))
    return pl.pallas_call(
        scores_kernel,
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        grid=(b, n // block_q),
        in_specs=[in_spec, in_spec],
        out_specs=pl.BlockSpec(  # expect: pallas-block-shape-rank
            (block_q, d), lambda bi, i: (i, 0)
        ),
        interpret=True,
    )(q, k)


q = jnp.ones((2, 16, 128), jnp.float32)
print(scores(q, q).sum())
