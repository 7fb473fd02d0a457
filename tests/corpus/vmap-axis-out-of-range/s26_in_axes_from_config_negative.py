"""The config maps the second input over its axis 1, which it has."""
# corpus: label=negative styles=attribute,transform batch=s26

import jax
import jax.numpy as jnp

CONFIG = {"in_axes": (0, 1)}


def similarity(a, b):
    return jnp.dot(a, b)


batched = jax.vmap(similarity, in_axes=CONFIG["in_axes"])
print(batched(jnp.ones((5, 3)), jnp.ones((3, 5))))
