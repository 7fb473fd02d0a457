"""Vmapped over an (n, 2) array of points: each mapped element is a pair to unpack."""
# corpus: label=negative styles=transform batch=s31

import jax
import jax.numpy as jnp


def radius(point):
    x, y = point
    return jnp.sqrt(x**2 + y**2)


coords = jnp.arange(6.0).reshape(3, 2)
print(jax.vmap(radius)(coords))
