# realbug: meliad-1-flax-optim-optimizer-config
# source: https://github.com/google-research/meliad/issues/1
# kind: removed-module
# raises: ImportError: cannot import name 'optim' from 'flax'
# meliad's transformer/optimizer_config.py imported `flax.optim` (removed in Flax 0.6.0) for
# its optimizer definitions; one such definition is filled in.
import dataclasses

import jax.numpy as jnp
from flax import optim  # BUG


@dataclasses.dataclass
class AdamConfig:
  learning_rate: float = 1e-3

  def create_optimizer_def(self):
    return optim.Adam(learning_rate=self.learning_rate)


print(AdamConfig().create_optimizer_def())
