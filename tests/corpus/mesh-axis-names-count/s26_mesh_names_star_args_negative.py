"""The same helper called with one name per axis of the device grid."""
# corpus: label=negative styles=parameter,helper batch=s26

import jax
import numpy as np
from jax.sharding import Mesh


def mesh_over(shape, *names):
    grid = np.asarray(jax.devices()).reshape(shape)
    return Mesh(grid, names)


mesh = mesh_over((2, 2, 2), "data", "fsdp", "model")
print(mesh.shape)
