"""The vmap axes come from a config dict; the feature axis 2 is named for inputs that are matrices."""
# corpus: label=positive styles=attribute,transform batch=s26

import jax
import jax.numpy as jnp

CONFIG = {"in_axes": (0, 2)}


def similarity(a, b):
    return jnp.dot(a, b)


batched = jax.vmap(similarity, in_axes=CONFIG["in_axes"])
print(batched(jnp.ones((5, 3)), jnp.ones((3, 5))))  # expect: vmap-axis-out-of-range
