"""vmap of a bound method with in_axes=(0,): one entry for its one argument."""
# corpus: label=negative styles=method,attribute

import jax
import jax.numpy as jnp


class Embedder:
    def __init__(self, table):
        self.table = table

    def embed(self, token_id):
        return self.table[token_id]

    def embed_batch(self, ids):
        return jax.vmap(self.embed, in_axes=(0,))(ids)


print(Embedder(jnp.arange(20.0).reshape(5, 4)).embed_batch(jnp.array([0, 3, 4])))
