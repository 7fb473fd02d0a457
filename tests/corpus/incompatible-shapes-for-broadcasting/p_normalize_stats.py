"""Per-row statistics from a helper, without keepdims, subtracted from the rows."""

# corpus: label=positive styles=helper,return
import jax.numpy as jnp


def stats(x):
    return x.mean(axis=1), x.std(axis=1)


def normalize(x):
    mean, std = stats(x)
    return (x - mean) / std  # expect: incompatible-shapes-for-broadcasting


normalize(jnp.ones((4, 3)))
