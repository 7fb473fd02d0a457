"""The same vectorized score with one weight vector shared by every row."""
# corpus: label=negative styles=helper,transform

from functools import partial

import jax.numpy as jnp


@partial(jnp.vectorize, signature="(d),(d)->()")
def score(row, weight):
    return jnp.dot(row, weight)


def batch_scores(rows, weights):
    return score(rows, weights)


print(batch_scores(jnp.ones((8, 3)), jnp.ones(3)).shape)
