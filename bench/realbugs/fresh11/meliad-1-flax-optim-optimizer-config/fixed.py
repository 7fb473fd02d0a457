# realbug: meliad-1-flax-optim-optimizer-config (fixed)
# source: https://github.com/google-research/meliad/issues/1
import dataclasses

import jax.numpy as jnp
import optax


@dataclasses.dataclass
class AdamConfig:
  learning_rate: float = 1e-3

  def create_optimizer_def(self):
    return optax.adam(learning_rate=self.learning_rate)


print(AdamConfig().create_optimizer_def())
