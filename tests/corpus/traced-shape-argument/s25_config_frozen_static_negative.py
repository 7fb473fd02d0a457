"""The rollout config as a frozen dataclass passed as a static argument."""
# corpus: label=negative styles=attribute,parameter batch=s25

import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    horizon: int
    dim: int


@partial(jax.jit, static_argnums=0)
def rollout(cfg, x0):
    buf = jnp.zeros((cfg.horizon, cfg.dim))
    return buf.at[0].set(x0)


print(rollout(Config(5, 3), jnp.ones(3)))
