# corpus: label=positive styles=direct batch=s37
"""A single-query decode attention kernel scores its one query row against each cached key with
`jnp.dot` of two 1-D vectors."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

HEAD_DIM = 128
BLOCK_K = 8


def decode_scores_kernel(q_ref, k_ref, o_ref):
    q = q_ref[...]
    k = k_ref[...]
    for j in range(BLOCK_K):
        s = jnp.dot(q, k[j])  # expect: pallas-tpu-unimplemented-primitive
        o_ref[j, :] = jnp.broadcast_to(s, (HEAD_DIM,))


q = jnp.ones((HEAD_DIM,), jnp.float32)
k = jnp.ones((BLOCK_K, HEAD_DIM), jnp.float32)
out = pl.pallas_call(
    decode_scores_kernel,
    out_shape=jax.ShapeDtypeStruct((BLOCK_K, HEAD_DIM), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(q, k)
print(out.sum())
