"""vmapping a bound method with an in_axes entry for self: the bound method takes one argument."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp


class Embedder:
    def __init__(self, table):
        self.table = table

    def embed(self, token_id):
        return self.table[token_id]

    def embed_batch(self, ids):
        return jax.vmap(self.embed, in_axes=(None, 0))(ids)  # expect: vmap-in-axes-length


emb = Embedder(jnp.arange(20.0).reshape(5, 4))
print(emb.embed_batch(jnp.array([0, 3, 4])))
