"""The per-example normaliser averaging over the last axis."""
# corpus: label=negative styles=transform,helper batch=s25

import jax
import jax.numpy as jnp


def normalise(x):
    return x - x.mean(axis=-1)


print(jax.vmap(normalise)(jnp.ones((4, 6))).shape)
