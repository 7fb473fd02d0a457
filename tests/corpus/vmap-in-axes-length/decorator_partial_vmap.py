"""`@partial(jax.vmap, in_axes=(0, None, None))` on a pairwise distance with two parameters."""
# corpus: label=positive styles=helper

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.vmap, in_axes=(0, None, None))  # expect: vmap-in-axes-length
def distances_to(point, centers):
    return jnp.linalg.norm(centers - point, axis=-1)


def assign_clusters(points, centers):
    return jnp.argmin(distances_to(points, centers), axis=-1)


print(assign_clusters(jnp.ones((5, 2)), jnp.zeros((3, 2))))
