"""Data-parallel layers: the activation and the sharded apply are re-exported here."""

from .activations import bounded_tanh
from .parallel import make_sharded_apply

__all__ = ["bounded_tanh", "make_sharded_apply"]
