"""Neural-network building blocks."""

from .activations import soft_clip
from .layers import dense

__all__ = ["dense", "soft_clip"]
