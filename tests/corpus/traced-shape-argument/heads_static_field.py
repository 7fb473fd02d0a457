"""The config dataclass marks `num_heads` static, so reshaping by it works under jit."""
# corpus: label=negative styles=attribute

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass
class AttentionConfig:
    num_heads: int = field(metadata=dict(static=True))
    dropout: float = 0.0


@jax.jit
def attention_scores(cfg, q, k):
    b, t, d = q.shape
    qh = q.reshape(b, t, cfg.num_heads, d // cfg.num_heads)
    kh = k.reshape(b, t, cfg.num_heads, d // cfg.num_heads)
    return jnp.einsum("bthd,bshd->bhts", qh, kh)


x = jnp.ones((2, 3, 16))
attention_scores(AttentionConfig(num_heads=4), x, x)
