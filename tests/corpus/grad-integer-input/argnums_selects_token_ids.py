"""argnums=1 picks the token ids (int32) instead of the embedding table."""
# corpus: label=positive styles=parameter,transform

import jax
import jax.numpy as jnp


def embedding_loss(table, ids):
    return table[ids].sum()


table = jnp.ones((100, 8))
ids = jnp.array([1, 5, 7])
jax.grad(embedding_loss, argnums=1)(table, ids)  # expect: grad-integer-input
