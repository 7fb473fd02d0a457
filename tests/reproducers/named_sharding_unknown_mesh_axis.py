"""Raises ValueError: a NamedSharding whose spec names a mesh axis ("model") the mesh lacks."""

import jax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))
NamedSharding(mesh, P("data", "model"))
