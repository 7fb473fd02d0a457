"""Each vocabulary word becomes a row of character codes built by looping over the word's characters; the words have different lengths."""
# corpus: label=positive styles=helper,parameter batch=s26

import jax.numpy as jnp


def encode(word):
    return [ord(c) - 96 for c in word]


def encode_all(words):
    return jnp.array([encode(w) for w in words])  # expect: array-ragged-nested-sequence


print(encode_all(["jax", "flax", "optax", "nnx"]))
