"""Attention scores with jnp.dot of queries and keys, forgetting to transpose the keys."""
# corpus: label=positive styles=helper,return

import jax.numpy as jnp


def project(x, w):
    return jnp.dot(x, w)


def scores(queries, keys):
    raw = jnp.dot(queries, keys)  # expect: dot-general-contracting-dims-mismatch
    return raw / jnp.sqrt(queries.shape[-1])


x = jnp.ones((10, 32))
q = project(x, jnp.ones((32, 16)))
k = project(x, jnp.ones((32, 16)))
print(scores(q, k).shape)
