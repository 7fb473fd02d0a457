"""A helper fills a diagonal in a Python loop; it is handed a jax array."""
# corpus: label=positive styles=helper

import jax.numpy as jnp


def set_diagonal(m, value):
    for i in range(min(m.shape)):
        m[i, i] = value  # expect: immutable-array-item-assignment
    return m


def regularized_gram(x, lam):
    gram = x.T @ x
    return set_diagonal(gram, jnp.diag(gram) + lam)


regularized_gram(jnp.ones((5, 3)), 0.1)
