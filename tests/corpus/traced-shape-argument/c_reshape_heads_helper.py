# corpus: label=positive styles=helper,parameter batch=c
"""An attention helper splits heads with reshape; the number of heads is passed through the
jitted function."""

import jax
import jax.numpy as jnp


def split_heads(x, num_heads):
    batch, length, dim = x.shape
    return x.reshape(batch, length, num_heads, dim // num_heads)  # expect: traced-shape-argument


@jax.jit
def attention_logits(q, k, num_heads):
    qh = split_heads(q, num_heads)
    kh = split_heads(k, num_heads)
    return jnp.einsum("blhd,bmhd->bhlm", qh, kh)


q = jnp.ones((2, 5, 8))
print(attention_logits(q, q, 2).shape)
