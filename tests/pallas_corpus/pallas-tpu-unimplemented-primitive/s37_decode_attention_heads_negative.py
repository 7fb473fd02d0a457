# corpus: label=negative styles=direct batch=s37
"""A grouped decode attention kernel scores its eight query heads against the cached key block
with one 2-D `dot_general` (keys contracted on their head dimension)."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

HEAD_DIM = 128
BLOCK_K = 128
HEADS = 8


def decode_scores_kernel(q_ref, k_ref, o_ref):
    q = q_ref[...]
    k = k_ref[...]
    o_ref[...] = lax.dot_general(q, k, (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32)


q = jnp.ones((HEADS, HEAD_DIM), jnp.float32)
k = jnp.ones((BLOCK_K, HEAD_DIM), jnp.float32)
out = pl.pallas_call(
    decode_scores_kernel,
    out_shape=jax.ShapeDtypeStruct((HEADS, BLOCK_K), jnp.float32),
    compiler_params=pltpu.CompilerParams(),
    interpret=True,
)(q, k)
print(out.sum())
