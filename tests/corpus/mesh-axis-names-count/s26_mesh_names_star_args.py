"""A helper takes the axis names as `*names` and the device grid from a 3-d reshape; it is called with two names."""
# corpus: label=positive styles=parameter,helper batch=s26

import jax
import numpy as np
from jax.sharding import Mesh


def mesh_over(shape, *names):
    grid = np.asarray(jax.devices()).reshape(shape)
    return Mesh(grid, names)  # expect: mesh-axis-names-count


mesh = mesh_over((2, 2, 2), "data", "model")
print(mesh.shape)
