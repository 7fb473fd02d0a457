# corpus: label=negative styles=attribute batch=c
"""The free-run simulation gives scan the config's horizon when there are no inputs."""

import dataclasses

import jax
import jax.numpy as jnp
from jax import lax


@dataclasses.dataclass
class SimConfig:
    horizon: int = 20
    inputs: jax.Array | None = None


def decay(x, u):
    return x * 0.95, x


def simulate(cfg: SimConfig, x0):
    length = cfg.horizon if cfg.inputs is None else None
    return lax.scan(decay, x0, cfg.inputs, length=length)


print(simulate(SimConfig(), jnp.float32(1.0))[1].shape)
