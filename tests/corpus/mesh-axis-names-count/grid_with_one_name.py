"""A 4x2 device grid is named with the data axis only; the model axis was forgotten."""
# corpus: label=positive styles=helper,parameter

from jax.experimental import mesh_utils
from jax.sharding import Mesh


def build_mesh(shape, names):
    devices = mesh_utils.create_device_mesh(shape)
    return Mesh(devices, names)  # expect: mesh-axis-names-count


build_mesh((4, 2), ("data",))
