"""A helper drops padding tokens with `tokens[tokens != pad_id]`; the batch is vmapped over it."""
# corpus: label=positive styles=helper

import jax
from jax import numpy as jnp


def drop_padding(tokens, pad_id):
    return tokens[tokens != pad_id]  # expect: non-concrete-boolean-index-error


def mean_embedding(table, tokens):
    return table[drop_padding(tokens, 0)].mean(axis=0)


table = jnp.ones((10, 4))
batch = jnp.array([[3, 4, 0, 0], [5, 6, 7, 0]])
jax.vmap(mean_embedding, in_axes=(None, 0))(table, batch)
