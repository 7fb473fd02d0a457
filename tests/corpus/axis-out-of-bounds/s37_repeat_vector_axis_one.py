"""The same fill from one geom's row, repeated along axis 1: a vector has no axis 1."""
# corpus: label=positive styles=helper batch=s37

import jax.numpy as jnp


def tile_material_ids(geom_size, num_worlds):
    ids = jnp.repeat(geom_size[0], num_worlds, 1)  # expect: axis-out-of-bounds
    return ids


print(tile_material_ids(jnp.ones((5, 3)), 2).shape)
