"""A vision wrapper fills one material id per geom with `jnp.repeat` of a Python scalar along axis 0 (distributionally_robust_learning's `_identity_vision_randomization_fn`): JAX reads no axis of a 0-d array, it fills a vector."""
# corpus: label=negative styles=helper batch=s37

import jax.numpy as jnp


def tile_material_ids(geom_size, num_worlds):
    ids = jnp.repeat(-1, geom_size.shape[0], 0)
    per_world = jnp.repeat(jnp.expand_dims(ids, 0), num_worlds, axis=0)
    return per_world + jnp.zeros((num_worlds, geom_size.shape[0]), jnp.int32)


print(tile_material_ids(jnp.ones((5, 3)), 2).shape)
