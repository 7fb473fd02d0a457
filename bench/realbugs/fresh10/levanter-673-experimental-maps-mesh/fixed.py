# realbug: levanter-673-experimental-maps-mesh (fixed)
# source: https://github.com/marin-community/levanter/issues/673
import numpy as np
import jax
from jax.sharding import Mesh

devices = np.array(jax.devices()).reshape(-1, 1)
mesh = Mesh(devices, ("data", "model"))
print(mesh.shape)
