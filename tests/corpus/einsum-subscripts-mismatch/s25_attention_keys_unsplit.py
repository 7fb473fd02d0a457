"""Attention scores with einsum, where the keys were never split into heads."""
# corpus: label=positive styles=helper,parameter batch=s25

import jax.numpy as jnp


def split(x, heads):
    b, t, d = x.shape
    return x.reshape(b, t, heads, d // heads)


def scores(q, k):
    return jnp.einsum("bqhd,bkhd->bhqk", q, k)  # expect: einsum-subscripts-mismatch


x = jnp.ones((2, 7, 32))
print(scores(split(x, 4), x).shape)
