"""A helper tries a reshape and falls back to flattening when JAX refuses it."""
# corpus: label=negative styles=helper

import jax.numpy as jnp


def as_grid(x, rows):
    try:
        return x.reshape(rows, -1)
    except TypeError:
        return x.reshape(1, -1)


print(as_grid(jnp.arange(10), 3).shape)
