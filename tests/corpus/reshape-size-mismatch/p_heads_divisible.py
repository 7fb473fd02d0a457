"""Heads split from a width the head count divides."""

# corpus: label=negative styles=helper,parameter
import jax.numpy as jnp


def split_heads(x, num_heads):
    batch, seq, dim = x.shape
    return x.reshape(batch, seq, num_heads, dim // num_heads)


split_heads(jnp.ones((2, 5, 64)), 4)
