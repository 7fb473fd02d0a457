# realbug: levanter-673-experimental-maps-mesh
# source: https://github.com/marin-community/levanter/issues/673
# kind: removed-module
# raises: ModuleNotFoundError: No module named 'jax.experimental.maps'
# The reporter's training script still imported `Mesh` from `jax.experimental.maps` (the
# xmap module, removed in JAX 0.4.31); the mesh it builds is filled in.
import numpy as np
import jax
from jax.experimental.maps import Mesh  # BUG

devices = np.array(jax.devices()).reshape(-1, 1)
mesh = Mesh(devices, ("data", "model"))
print(mesh.shape)
