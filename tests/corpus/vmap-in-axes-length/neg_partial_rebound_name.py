"""`lookup = partial(lookup, params)` rebinds the name; the vmapped partial takes (ids, positions)."""
# corpus: label=negative styles=transform,attribute

from functools import partial

import jax
import jax.numpy as jnp


def lookup(params, token_id, position):
    return params["tokens"][token_id] + params["positions"][position]


params = {"tokens": jnp.ones((10, 4)), "positions": jnp.zeros((8, 4))}
lookup = partial(lookup, params)
ids = jnp.array([1, 2, 3])
positions = jnp.arange(3)
print(jax.vmap(lookup, in_axes=(0, 0))(ids, positions))
