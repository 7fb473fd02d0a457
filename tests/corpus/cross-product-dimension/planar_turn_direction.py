"""A path helper tells left from right turns with a cross product, as NumPy allowed for
planar points."""
# corpus: label=positive styles=helper,return

import jax.numpy as jnp


def edges(points):
    return points[1:] - points[:-1]


def turns(points):
    e = edges(points)
    return jnp.sign(jnp.cross(e[:-1], e[1:]))  # expect: cross-product-dimension


turns(jnp.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]))
