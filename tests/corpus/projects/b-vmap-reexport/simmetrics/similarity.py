"""Pairwise scores of two vectors (unbatched; callers vmap them)."""

import jax.numpy as jnp


def dot_score(a, b):
    return jnp.dot(a, b)


def cosine_score(a, b, eps=1e-8):
    return jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b) + eps)
