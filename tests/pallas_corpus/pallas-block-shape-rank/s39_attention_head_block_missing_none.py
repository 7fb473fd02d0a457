# corpus: label=positive styles=helper,return batch=s39
"""A multi-head attention kernel's specs take (batch, heads, seq, dim) arrays and squeeze the
batch with `None`, but forget the head axis: the block has three dimensions, the array four,
and the index map returns four indices."""

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def qkv_spec(block_q, head_dim):
    return pl.BlockSpec(  # expect: pallas-block-shape-rank
        (None, block_q, head_dim), lambda b, h, i: (b, h, i, 0)
    )


def attention_kernel(q_ref, k_ref, v_ref, o_ref):
    s = jnp.dot(q_ref[...], k_ref[...].T)
    p = jax.nn.softmax(s, axis=-1)
    o_ref[...] = jnp.dot(p, v_ref[...])


def attention(q, k, v, block_q=64):
    batch, heads, seq, head_dim = q.shape
    spec = qkv_spec(block_q, head_dim)
    kv_spec = pl.BlockSpec((None, None, seq, head_dim), lambda b, h, i: (b, h, 0, 0))
    return pl.pallas_call(
        attention_kernel,
        grid=(batch, heads, seq // block_q),
        in_specs=[spec, kv_spec, kv_spec],
        out_specs=spec,
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        interpret=True,
    )(q, k, v)


q = jnp.ones((2, 4, 128, 64), jnp.float32)
print(attention(q, q, q).sum())
