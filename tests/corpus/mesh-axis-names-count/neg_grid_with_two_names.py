"""A 4x2 device grid named with both its axes."""
# corpus: label=negative styles=helper,parameter

from jax.experimental import mesh_utils
from jax.sharding import Mesh


def build_mesh(shape, names):
    devices = mesh_utils.create_device_mesh(shape)
    return Mesh(devices, names)


build_mesh((4, 2), ("data", "model"))
