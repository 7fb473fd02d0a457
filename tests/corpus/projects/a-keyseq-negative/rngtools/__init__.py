"""Key handling helpers."""

from .keyseq import KeySeq

__all__ = ["KeySeq"]
