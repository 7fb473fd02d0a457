"""Embeddings (2-D) and positions (1-D) from two helpers joined on the last axis."""

# corpus: label=positive styles=helper,return
import jax.numpy as jnp


def embed(tokens, dim=8):
    return jnp.ones((tokens.shape[0], dim))


def position(n):
    return jnp.arange(n)


def features(tokens):
    joined = [embed(tokens), position(tokens.shape[0])]
    return jnp.concatenate(joined, axis=-1)  # expect: concatenate-rank-mismatch


features(jnp.arange(6))
