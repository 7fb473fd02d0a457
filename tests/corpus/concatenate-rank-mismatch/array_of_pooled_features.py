"""Summary statistics of a batch, packed into one array for logging."""
# corpus: label=positive styles=helper,return

import jax.numpy as jnp


def pooled(x):
    return x.mean(axis=0), x.max(axis=1)


def stats_vector(x):
    mean, peak = pooled(x)
    return jnp.array([mean, peak])  # expect: concatenate-rank-mismatch


print(stats_vector(jnp.ones((8, 16))).shape)
