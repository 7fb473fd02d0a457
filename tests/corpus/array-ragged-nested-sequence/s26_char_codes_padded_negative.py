"""The rows of character codes are padded to the longest word before `jnp.array`."""
# corpus: label=negative styles=helper,parameter batch=s26

import jax.numpy as jnp


def encode(word, length):
    codes = [ord(c) - 96 for c in word]
    return codes + [0] * (length - len(codes))


def encode_all(words):
    length = max(len(w) for w in words)
    return jnp.array([encode(w, length) for w in words])


print(encode_all(["jax", "flax", "optax", "nnx"]))
