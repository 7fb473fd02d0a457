"""Raises ValueError: a Mesh of a 4x2 devices array given one axis name (needs 8 CPU devices:
XLA_FLAGS=--xla_force_host_platform_device_count=8)."""

from jax.experimental import mesh_utils
from jax.sharding import Mesh

Mesh(mesh_utils.create_device_mesh((4, 2)), ("data",))
