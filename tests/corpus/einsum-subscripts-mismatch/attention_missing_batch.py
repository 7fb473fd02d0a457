"""Attention scores written without the batch letter after the data gained a batch axis."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def attention_scores(queries, keys):
    return jnp.einsum("qd,kd->qk", queries, keys)  # expect: einsum-subscripts-mismatch


q = jnp.ones((4, 10, 32))
k = jnp.ones((4, 12, 32))
print(attention_scores(q, k).shape)
