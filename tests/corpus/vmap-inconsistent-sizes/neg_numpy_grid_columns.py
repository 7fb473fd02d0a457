"""Evaluation points as NumPy arrays: a grid of columns mapped along axis 1 next to a
vector of one offset per column."""
# corpus: label=negative styles=parameter batch=e

import jax
import jax.numpy as jnp
import numpy as np


def evaluate(grid, offsets, f):
    return jax.vmap(f, in_axes=(1, 0))(grid, offsets)


grid = np.array([[0.0, 0.5, 1.0, 1.5], [2.0, 2.5, 3.0, 3.5]])
offsets = np.linspace(0.0, 1.0, 4)
evaluate(grid, offsets, lambda point, offset: jnp.sum(point) + offset)
