"""A helper numbers the valid tokens with `jnp.arange(mask.sum())`; it runs under jax.vmap."""
# corpus: label=positive styles=helper

import jax
import jax.numpy as jnp


def positions(mask):
    return jnp.arange(mask.sum())  # expect: concretization-type-error


def last_position(mask):
    return positions(mask)[-1]


masks = jnp.array([[True, True, False], [True, False, False]])
jax.vmap(last_position)(masks)
