"""An attention block splits heads with a head size from a dataclass config that does not divide the model width."""
# corpus: label=positive styles=attribute,method batch=s25

import dataclasses

import jax.numpy as jnp


@dataclasses.dataclass
class AttnConfig:
    d_model: int = 64
    n_heads: int = 6

    @property
    def head_dim(self):
        return self.d_model // self.n_heads


class SelfAttention:
    def __init__(self, cfg):
        self.cfg = cfg

    def split_heads(self, x):
        b, t, _ = x.shape
        return x.reshape(b, t, self.cfg.n_heads, self.cfg.head_dim)  # expect: reshape-size-mismatch


attn = SelfAttention(AttnConfig())
print(attn.split_heads(jnp.ones((2, 5, 64))).shape)
