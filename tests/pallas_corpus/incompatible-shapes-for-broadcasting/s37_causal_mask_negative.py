# corpus: label=negative styles=direct batch=s37
"""A causal attention-scores kernel builds its mask from iotas shaped like the score block."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl

BLOCK_Q = 128
BLOCK_K = 128
MASK_VALUE = -0.7 * float(jnp.finfo(jnp.float32).max)


def causal_scores_kernel(q_ref, k_ref, o_ref):
    qi = pl.program_id(0)
    kj = pl.program_id(1)
    q = q_ref[...]
    s = lax.dot_general(q, k_ref[...], (((1,), (1,)), ((), ())))
    rows = qi * BLOCK_Q + lax.broadcasted_iota(jnp.int32, s.shape, 0)
    cols = kj * BLOCK_K + lax.broadcasted_iota(jnp.int32, s.shape, 1)
    o_ref[...] = jnp.where(cols <= rows, s, MASK_VALUE)


def causal_scores(q, k):
    seq_q, head_dim = q.shape
    seq_k = k.shape[0]
    return pl.pallas_call(
        causal_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((seq_q, seq_k), jnp.float32),
        grid=(seq_q // BLOCK_Q, seq_k // BLOCK_K),
        in_specs=[
            pl.BlockSpec((BLOCK_Q, head_dim), lambda i, j: (i, 0)),
            pl.BlockSpec((BLOCK_K, head_dim), lambda i, j: (j, 0)),
        ],
        out_specs=pl.BlockSpec((BLOCK_Q, BLOCK_K), lambda i, j: (i, j)),
        interpret=True,
    )(q, k)


q = jnp.ones((256, 64), jnp.float32)
k = jnp.ones((256, 64), jnp.float32)
print(causal_scores(q, k).sum())
