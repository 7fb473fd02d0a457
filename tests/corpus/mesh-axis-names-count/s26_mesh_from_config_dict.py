"""A launcher config dict gives the mesh shape `(4, 2)` and its axis names; the names list only the data axis."""
# corpus: label=positive styles=attribute,helper batch=s26

import jax
import numpy as np
from jax.sharding import Mesh

MESH_CONFIG = {"shape": (4, 2), "axis_names": ("data",)}


def build_mesh(config):
    devices = np.array(jax.devices()).reshape(config["shape"])
    return Mesh(devices, config["axis_names"])  # expect: mesh-axis-names-count


print(build_mesh(MESH_CONFIG))
