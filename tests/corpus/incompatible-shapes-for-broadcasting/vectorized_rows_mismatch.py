"""A row-wise vectorized score over a batch of 8 rows and a batch of 5 weights."""
# corpus: label=positive styles=helper,transform

from functools import partial

import jax.numpy as jnp


@partial(jnp.vectorize, signature="(d),(d)->()")
def score(row, weight):
    return jnp.dot(row, weight)


def batch_scores(rows, weights):
    return score(rows, weights)  # expect: incompatible-shapes-for-broadcasting


print(batch_scores(jnp.ones((8, 3)), jnp.ones((5, 3))).shape)
