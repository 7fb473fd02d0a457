# realbug: vaxnerf-10-flax-optim-annotation
# source: https://github.com/naruya/VaxNeRF/issues/10
# kind: removed-name
# raises: AttributeError: module 'flax' has no attribute 'optim'
# nerf/utils.py declared its train state's field as `flax.optim.Optimizer`; the annotation is
# evaluated when the class body runs, and `flax.optim` was removed in Flax 0.6.0.
import flax


@flax.struct.dataclass
class TrainState:
  optimizer: flax.optim.Optimizer  # BUG


print(TrainState)
