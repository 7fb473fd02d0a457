"""A per-example normaliser averages over axis 1, but inside vmap each example is a vector."""
# corpus: label=positive styles=transform,helper batch=s25

import jax
import jax.numpy as jnp


def normalise(x):
    return x - x.mean(axis=1)  # expect: axis-out-of-bounds


print(jax.vmap(normalise)(jnp.ones((4, 6))).shape)
