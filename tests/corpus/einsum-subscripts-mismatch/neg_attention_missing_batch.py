"""The batch letter is in the subscripts."""
# corpus: label=negative styles=helper,parameter

import jax.numpy as jnp


def attention_scores(queries, keys):
    return jnp.einsum("bqd,bkd->bqk", queries, keys)


q = jnp.ones((4, 10, 32))
k = jnp.ones((4, 12, 32))
print(attention_scores(q, k).shape)
