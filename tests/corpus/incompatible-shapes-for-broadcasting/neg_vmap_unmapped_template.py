"""The template has the rows' length."""
# corpus: label=negative styles=transform,parameter

import jax
import jax.numpy as jnp


def distance(row, template):
    return jnp.sum((row - template) ** 2)


rows = jnp.ones((16, 4))
template = jnp.zeros(4)
print(jax.vmap(distance, in_axes=(0, None))(rows, template))
