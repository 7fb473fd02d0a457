"""vmap's in_axes for a params dict names a key the dict does not have."""
# corpus: label=positive styles=transform,attribute batch=s25

import jax
import jax.numpy as jnp

params = {"w": jnp.ones((5, 3)), "b": jnp.zeros(5)}


def affine(p, x):
    return p["w"] @ x + p["b"]


axes = ({"weight": 0, "b": 0}, None)
print(jax.vmap(affine, in_axes=axes)(params, jnp.ones(3)))  # expect: vmap-in-axes-tree-prefix
