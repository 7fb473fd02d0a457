"""A registered dataclass keeps `horizon` as a data field, so under jit `range(cfg.horizon)` sees a tracer."""
# corpus: label=positive styles=attribute

from dataclasses import dataclass

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclass
class RolloutConfig:
    gamma: float
    horizon: int


@jax.jit
def discounted_return(cfg, rewards):
    total = 0.0
    for t in range(cfg.horizon):  # expect: tracer-integer-conversion-error
        total = total + cfg.gamma**t * rewards[t]
    return total


cfg = RolloutConfig(gamma=0.9, horizon=4)
print(discounted_return(cfg, jnp.ones(10)))
