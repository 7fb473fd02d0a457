"""Custom-gradient operations."""

from .core import clip_gradient

__all__ = ["clip_gradient"]
