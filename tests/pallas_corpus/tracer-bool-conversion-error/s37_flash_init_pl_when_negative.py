# corpus: label=negative styles=direct batch=s37
"""A flash-attention forward resets its running statistics under `pl.when` on the first key
block."""

import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

BLOCK_Q = 128
BLOCK_K = 128


def flash_fwd_kernel(q_ref, k_ref, v_ref, o_ref, m_scr, l_scr, acc_scr, *, scale):
    kv_index = pl.program_id(1)

    @pl.when(kv_index == 0)
    def _init():
        m_scr[...] = jnp.full(m_scr.shape, -jnp.inf, jnp.float32)
        l_scr[...] = jnp.zeros(l_scr.shape, jnp.float32)
        acc_scr[...] = jnp.zeros(acc_scr.shape, jnp.float32)

    s = jnp.dot(q_ref[...], k_ref[...].T) * scale
    m_prev = m_scr[...]
    m_next = jnp.maximum(m_prev, jnp.max(s, axis=1, keepdims=True))
    p = jnp.exp(s - m_next)
    alpha = jnp.exp(m_prev - m_next)
    l_scr[...] = alpha * l_scr[...] + jnp.sum(p, axis=1, keepdims=True)
    acc_scr[...] = alpha * acc_scr[...] + jnp.dot(p, v_ref[...])
    m_scr[...] = m_next

    @pl.when(kv_index == pl.num_programs(1) - 1)
    def _store():
        o_ref[...] = acc_scr[...] / l_scr[...]


def flash_attention(q, k, v):
    seq_q, head_dim = q.shape
    seq_k = k.shape[0]
    kernel = functools.partial(flash_fwd_kernel, scale=head_dim**-0.5)
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        grid=(seq_q // BLOCK_Q, seq_k // BLOCK_K),
        in_specs=[
            pl.BlockSpec((BLOCK_Q, head_dim), lambda i, j: (i, 0)),
            pl.BlockSpec((BLOCK_K, head_dim), lambda i, j: (j, 0)),
            pl.BlockSpec((BLOCK_K, head_dim), lambda i, j: (j, 0)),
        ],
        out_specs=pl.BlockSpec((BLOCK_Q, head_dim), lambda i, j: (i, 0)),
        scratch_shapes=[
            pltpu.VMEM((BLOCK_Q, 1), jnp.float32),
            pltpu.VMEM((BLOCK_Q, 1), jnp.float32),
            pltpu.VMEM((BLOCK_Q, head_dim), jnp.float32),
        ],
        interpret=True,
    )(q, k, v)


q = jax.random.normal(jax.random.key(0), (256, 128), jnp.float32)
k = jax.random.normal(jax.random.key(1), (256, 128), jnp.float32)
v = jax.random.normal(jax.random.key(2), (256, 128), jnp.float32)
print(flash_attention(q, k, v).sum())
