"""A registered config dataclass leaves `num_heads` as data, so it is traced when reshaping."""
# corpus: label=positive styles=attribute

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass
class AttentionConfig:
    num_heads: int
    dropout: float


@jax.jit
def attention_scores(cfg, q, k):
    b, t, d = q.shape
    qh = q.reshape(b, t, cfg.num_heads, d // 4)  # expect: traced-shape-argument
    kh = k.reshape(b, t, 4, d // 4)
    return jnp.einsum("bthd,bshd->bhts", qh, kh)


cfg = AttentionConfig(num_heads=4, dropout=0.0)
x = jnp.ones((2, 3, 16))
attention_scores(cfg, x, x)
