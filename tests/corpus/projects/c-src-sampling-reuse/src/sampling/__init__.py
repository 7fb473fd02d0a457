"""Sampling utilities."""

from .noise import corrupt

__all__ = ["corrupt"]
