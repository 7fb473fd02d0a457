# corpus: label=positive styles=attribute batch=c
"""A simulation config carries optional external inputs; they are None for a free run, and
the horizon field is never passed to scan."""

import dataclasses

import jax
import jax.numpy as jnp
from jax import lax


@dataclasses.dataclass
class SimConfig:
    horizon: int = 20
    dt: float = 0.05
    inputs: jax.Array | None = None


def decay(x, u):
    return x * 0.95, x


def simulate(cfg: SimConfig, x0):
    return lax.scan(decay, x0, cfg.inputs)  # expect: scan-no-length


print(simulate(SimConfig(), jnp.float32(1.0)))
