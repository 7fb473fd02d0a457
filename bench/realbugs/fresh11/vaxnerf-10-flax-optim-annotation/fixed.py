# realbug: vaxnerf-10-flax-optim-annotation (fixed)
# source: https://github.com/naruya/VaxNeRF/issues/10
from typing import Any

import flax


@flax.struct.dataclass
class TrainState:
  opt_state: Any


print(TrainState)
