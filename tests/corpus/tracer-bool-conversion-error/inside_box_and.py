"""A point-in-box helper joins two traced comparisons with Python's `and`; it runs under vmap."""
# corpus: label=positive styles=helper

import jax
from jax import numpy as jnp


def inside(point, lo, hi):
    return point[0] > lo and point[1] < hi  # expect: tracer-bool-conversion-error


def weight(point):
    return jnp.where(inside(point, 0.0, 1.0), 1.0, 0.0)


points = jnp.array([[0.5, 0.5], [2.0, 0.1], [-1.0, 3.0]])
weights = jax.vmap(weight)(points)
print(weights)
