"""An attention config clamps its block sizes with `min`/`max` of Python ints inside a jitted method."""
# corpus: label=negative styles=attribute,method
# realcode: cause C

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class BlockConfig:
    block_q: int = 128
    block_kv: int = 64
    max_concurrent_steps: int = 2


class BlockedAttention:
    def __init__(self, config):
        self.config = config

    def __call__(self, q, k, v):
        seq_len = q.shape[0]
        block_q = min(self.config.block_q, seq_len)
        steps = max(1, min(self.config.max_concurrent_steps, k.shape[0] // self.config.block_kv))
        num_blocks = max(seq_len // block_q, 1)
        q_blocks = q.reshape(num_blocks, block_q, q.shape[-1])
        scores = jnp.einsum("nqd,kd->nqk", q_blocks, k) / steps
        return jnp.einsum("nqk,kd->nqd", jax.nn.softmax(scores, axis=-1), v).reshape(q.shape)


attention = BlockedAttention(BlockConfig())
q = jnp.ones((16, 8))
kv = jnp.ones((128, 8))
jax.jit(attention.__call__)(q, kv, kv)
