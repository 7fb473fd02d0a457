"""A distance function written for one (x, y) point, vmapped over a flat vector of
coordinates: each mapped element is a 0-d array."""
# corpus: label=positive styles=transform batch=s31

import jax
import jax.numpy as jnp


def radius(point):
    x, y = point  # expect: unpack-0d-array
    return jnp.sqrt(x**2 + y**2)


coords = jnp.arange(6.0)
print(jax.vmap(radius)(coords))
