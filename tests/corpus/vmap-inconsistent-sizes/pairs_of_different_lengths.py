"""A per-pair distance vmapped over query and key batches of different sizes."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def distance(a, b):
    return jnp.linalg.norm(a - b)


def pairwise(queries, keys):
    return jax.vmap(distance)(queries, keys)  # expect: vmap-inconsistent-sizes


print(pairwise(jnp.ones((10, 3)), jnp.ones((12, 3))))
