"""Summary statistics of a batch, each reduced to a scalar before they are packed."""
# corpus: label=negative styles=helper,return

import jax.numpy as jnp


def pooled(x):
    return x.mean(), x.max()


def stats_vector(x):
    mean, peak = pooled(x)
    return jnp.array([mean, peak, 0.0])


print(stats_vector(jnp.ones((8, 16))).shape)
