"""The horizon comes from a dataclass config whose default is None, so length=None reaches scan."""
# corpus: label=positive styles=attribute

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class SimConfig:
    dt: float = 0.1
    horizon: int | None = None


def simulate(cfg, x0):
    def step(x, _):
        x = x + cfg.dt * (-x)
        return x, x

    return jax.lax.scan(step, x0, xs=None, length=cfg.horizon)  # expect: scan-no-length


print(simulate(SimConfig(), jnp.ones(2)))
