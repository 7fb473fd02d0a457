"""Token id lists of different lengths are turned into one array without padding."""
# corpus: label=positive styles=helper,parameter batch=s25

import jax.numpy as jnp


def tokenize(text):
    return [ord(c) % 32 for c in text]


def batch(texts):
    return jnp.array([tokenize(t) for t in texts])  # expect: array-ragged-nested-sequence


print(batch(["hello", "hi"]).shape)
