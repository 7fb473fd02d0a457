"""Metrics that stay shape-static under jit."""

from .masked import masked_mean, top_positive

__all__ = ["masked_mean", "top_positive"]
