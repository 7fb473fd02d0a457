"""The path helper computes the z component of planar edges by hand."""
# corpus: label=negative styles=helper,return

import jax.numpy as jnp


def edges(points):
    return points[1:] - points[:-1]


def turns(points):
    e = edges(points)
    a, b = e[:-1], e[1:]
    return jnp.sign(a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0])


turns(jnp.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]))
