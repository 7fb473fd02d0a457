"""The padding filter called only eagerly, on concrete arrays, where boolean masks are allowed."""
# corpus: label=negative styles=helper

import jax
import jax.numpy as jnp


def drop_padding(tokens, pad_id):
    return tokens[tokens != pad_id]


@jax.jit
def mean_embedding(table, tokens):
    return table[tokens].mean(axis=0)


table = jnp.ones((10, 4))
for row in jnp.array([[3, 4, 0, 0], [5, 6, 7, 0]]):
    mean_embedding(table, drop_padding(row, 0))
