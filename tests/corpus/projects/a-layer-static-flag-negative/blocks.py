"""A residual block whose structure is chosen by its (static) config."""

import jax
import jax.numpy as jnp
from config import BlockConfig
from jax import lax, random


class Block:
    def __init__(self, key, cfg: BlockConfig):
        k1, k2 = random.split(key)
        self.cfg = cfg
        self.w = random.normal(k1, (cfg.width, cfg.width)) / jnp.sqrt(cfg.width)
        self.gate = random.normal(k2, (cfg.width,)) if cfg.use_gate else None

    def __call__(self, x):
        h = x @ self.w
        if self.cfg.use_gate and self.gate is not None:
            h = h * jax.nn.sigmoid(self.gate)
        h = lax.cond(h.mean() > 0, jax.nn.relu, jnp.tanh, h)
        if self.cfg.residual and x.shape[-1] == h.shape[-1]:
            h = h + x
        return h
