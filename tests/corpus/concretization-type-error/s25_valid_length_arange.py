"""A padding helper builds positions with jnp.arange of the number of valid tokens, under vmap over a batch."""
# corpus: label=positive styles=helper,transform batch=s25

import jax
import jax.numpy as jnp


def positions(mask):
    n_valid = mask.sum()
    return jnp.arange(n_valid)  # expect: concretization-type-error


def embed(tokens, mask):
    pos = positions(mask)
    return tokens[: pos.shape[0]] + pos


tokens = jnp.ones((2, 6))
mask = jnp.array([[1, 1, 1, 0, 0, 0], [1, 1, 1, 1, 1, 0]])
print(jax.vmap(embed)(tokens, mask))
