"""Per-example rows (batch of 4-vectors) compared with an unmapped template of length 5."""
# corpus: label=positive styles=transform,parameter

import jax
import jax.numpy as jnp


def distance(row, template):
    return jnp.sum((row - template) ** 2)  # expect: incompatible-shapes-for-broadcasting


rows = jnp.ones((16, 4))
template = jnp.zeros(5)
print(jax.vmap(distance, in_axes=(0, None))(rows, template))
