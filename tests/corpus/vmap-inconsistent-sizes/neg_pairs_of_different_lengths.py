"""All queries against all keys: the keys are unmapped in the inner vmap."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp


def distance(a, b):
    return jnp.linalg.norm(a - b)


def pairwise(queries, keys):
    against_all = jax.vmap(distance, in_axes=(None, 0))
    return jax.vmap(against_all, in_axes=(0, None))(queries, keys)


print(pairwise(jnp.ones((10, 3)), jnp.ones((12, 3))).shape)
