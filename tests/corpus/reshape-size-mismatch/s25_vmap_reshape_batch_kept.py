"""A vmapped helper reshapes with the batch size, which vmap already removed."""
# corpus: label=positive styles=transform,helper batch=s25

import jax
import jax.numpy as jnp


def to_grid(x):
    return x.reshape(4, 3, 5)  # expect: reshape-size-mismatch


print(jax.vmap(to_grid)(jnp.ones((4, 15))).shape)
