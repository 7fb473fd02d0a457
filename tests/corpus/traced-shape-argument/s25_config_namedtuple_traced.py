"""A NamedTuple config is passed to a jitted rollout as an argument, so its int fields become tracers and the buffer shape built from them fails."""
# corpus: label=positive styles=attribute,parameter batch=s25

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Config(NamedTuple):
    horizon: int
    dim: int


@jax.jit
def rollout(cfg, x0):
    buf = jnp.zeros((cfg.horizon, cfg.dim))  # expect: traced-shape-argument
    return buf.at[0].set(x0)


print(rollout(Config(5, 3), jnp.ones(3)))
