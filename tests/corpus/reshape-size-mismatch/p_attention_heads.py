"""Heads split from a width that the default head count does not divide."""

# corpus: label=positive styles=helper,parameter
import jax.numpy as jnp


def split_heads(x, num_heads):
    batch, seq, dim = x.shape
    return x.reshape(batch, seq, num_heads, dim // num_heads)  # expect: reshape-size-mismatch


def attention(q, num_heads=3):
    qh = split_heads(q, num_heads)
    return jnp.einsum("bqhd,bkhd->bhqk", qh, qh)


attention(jnp.ones((2, 5, 64)))
