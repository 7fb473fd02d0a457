# corpus: label=negative styles=parameter batch=s36
"""The flash-attention forward with float32 running max and sum scratch buffers."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

SCALE = 128**-0.5


def flash_kernel(q_ref, k_ref, v_ref, o_ref, m_ref, l_ref, acc_ref):
    kv = pl.program_id(1)

    @pl.when(kv == 0)
    def _init():
        m_ref[...] = jnp.full(m_ref.shape, -jnp.inf, jnp.float32)
        l_ref[...] = jnp.zeros(l_ref.shape, jnp.float32)
        acc_ref[...] = jnp.zeros(acc_ref.shape, jnp.float32)

    q = q_ref[...]
    k = k_ref[...]
    v = v_ref[...]
    dims = (((1,), (1,)), ((), ()))
    s = lax.dot_general(q, k, dims, preferred_element_type=jnp.float32) * SCALE
    m_prev = m_ref[...]
    m_next = jnp.maximum(m_prev, jnp.max(s, axis=1, keepdims=True))
    p = jnp.exp(s - m_next)
    alpha = jnp.exp(m_prev - m_next)
    l_ref[...] = alpha * l_ref[...] + jnp.sum(p, axis=1, keepdims=True)
    pv = jnp.dot(p.astype(v.dtype), v, preferred_element_type=jnp.float32)
    acc_ref[...] = acc_ref[...] * alpha + pv
    m_ref[...] = m_next

    @pl.when(kv == pl.num_programs(1) - 1)
    def _done():
        o_ref[...] = (acc_ref[...] / l_ref[...]).astype(o_ref.dtype)


def flash_attention(q, k, v, block_q=128, block_k=128):
    seq, head_dim = q.shape
    q_spec = pl.BlockSpec((block_q, head_dim), lambda i, j: (i, 0))
    kv_spec = pl.BlockSpec((block_k, head_dim), lambda i, j: (j, 0))
    return pl.pallas_call(
        flash_kernel,
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        grid=(seq // block_q, k.shape[0] // block_k),
        in_specs=[q_spec, kv_spec, kv_spec],
        out_specs=q_spec,
        scratch_shapes=[
            pltpu.VMEM((block_q, 128), jnp.float32),
            pltpu.VMEM((block_q, 128), jnp.float32),
            pltpu.VMEM((block_q, head_dim), jnp.float32),
        ],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "arbitrary")),
        interpret=True,
    )(q, k, v)


q = jax.random.normal(jax.random.key(0), (256, 128), jnp.float32)
k = jax.random.normal(jax.random.key(1), (512, 128), jnp.float32)
v = jax.random.normal(jax.random.key(2), (512, 128), jnp.float32)
print(flash_attention(q, k, v).astype(jnp.float32).sum())
