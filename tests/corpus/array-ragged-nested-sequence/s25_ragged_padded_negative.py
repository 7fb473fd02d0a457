"""Token id lists padded to one length before the array is made."""
# corpus: label=negative styles=helper,parameter batch=s25

import jax.numpy as jnp


def tokenize(text, length=8):
    ids = [ord(c) % 32 for c in text]
    return ids + [0] * (length - len(ids))


def batch(texts):
    return jnp.array([tokenize(t) for t in texts])


print(batch(["hello", "hi"]).shape)
