"""Similarity metrics between embedding vectors."""

from .similarity import cosine_score, dot_score

__all__ = ["cosine_score", "dot_score"]
