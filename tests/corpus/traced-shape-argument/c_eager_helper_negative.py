# corpus: label=negative styles=helper,parameter batch=c
"""The head-splitting helper is called eagerly with a Python int, and under jit with a static
head count."""

from functools import partial

import jax
import jax.numpy as jnp


def split_heads(x, num_heads):
    batch, length, dim = x.shape
    return x.reshape(batch, length, num_heads, dim // num_heads)


@partial(jax.jit, static_argnames="num_heads")
def attention_logits(q, k, num_heads):
    qh = split_heads(q, num_heads)
    kh = split_heads(k, num_heads)
    return jnp.einsum("blhd,bmhd->bhlm", qh, kh)


q = jnp.ones((2, 5, 8))
print(split_heads(q, 4).shape, attention_logits(q, q, num_heads=2).shape)
