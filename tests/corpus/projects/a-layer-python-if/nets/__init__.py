"""A tiny layer library."""

from .layers import Dense, GatedDense

__all__ = ["Dense", "GatedDense"]
