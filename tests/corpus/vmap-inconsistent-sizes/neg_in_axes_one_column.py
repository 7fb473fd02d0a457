"""The two mapped axes both have 5 entries."""
# corpus: label=negative styles=transform,parameter

import jax
import jax.numpy as jnp


def combine(column, row):
    return jnp.dot(column, row)


left = jnp.ones((3, 5))
right = jnp.ones((5, 3))
print(jax.vmap(combine, in_axes=(1, 0))(left, right))
