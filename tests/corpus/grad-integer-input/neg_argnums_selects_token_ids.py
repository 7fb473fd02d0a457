"""argnums=0 differentiates the embedding table."""
# corpus: label=negative styles=parameter,transform

import jax
import jax.numpy as jnp


def embedding_loss(table, ids):
    return table[ids].sum()


table = jnp.ones((100, 8))
ids = jnp.array([1, 5, 7])
print(jax.grad(embedding_loss, argnums=0)(table, ids).shape)
