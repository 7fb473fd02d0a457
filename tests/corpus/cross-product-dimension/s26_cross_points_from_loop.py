"""Points are built by looping over `range(6)` as (x, y) pairs and stacked; the normals are then taken with `jnp.cross` against planar tangents."""
# corpus: label=positive styles=helper,return batch=s26

import jax.numpy as jnp


def make_points(n):
    points = []
    for i in range(n):
        points.append(jnp.array([float(i), 1.0]))
    return jnp.stack(points)


def normals(points):
    tangents = jnp.roll(points, 1, axis=0) - points
    return jnp.cross(tangents, points)  # expect: cross-product-dimension


print(normals(make_points(6)))
