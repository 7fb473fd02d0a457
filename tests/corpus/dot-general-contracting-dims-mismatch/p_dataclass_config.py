"""A second weight sized from the config's input width instead of its hidden width."""

# corpus: label=positive styles=attribute,helper
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass
class Config:
    d_in: int = 16
    hidden: int = 32
    d_out: int = 10


def init(cfg: Config, key):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (cfg.d_in, cfg.hidden)),
        "w2": jax.random.normal(k2, (cfg.d_in, cfg.d_out)),
    }


def forward(params, x):
    h = jnp.tanh(x @ params["w1"])
    return h @ params["w2"]  # expect: dot-general-contracting-dims-mismatch


cfg = Config()
params = init(cfg, jax.random.key(0))
forward(params, jnp.ones((8, cfg.d_in)))
