"""Splitting a hidden state into heads whose count does not divide the model width."""
# corpus: label=positive styles=return,helper

import jax.numpy as jnp


def embed(tokens, width):
    return jnp.zeros((tokens.shape[0], width))


def split_heads(hidden, heads):
    seq, width = hidden.shape
    return hidden.reshape(seq, heads, width // heads)  # expect: reshape-size-mismatch


hidden = embed(jnp.arange(12), 100)
print(split_heads(hidden, 8).shape)
