"""Raises ValueError: a bare PartitionSpec is used for a sharding with no mesh in context.

``jax.reshard`` (like ``out_sharding=`` arguments) accepts a PartitionSpec only under
``jax.set_mesh``; otherwise it needs a NamedSharding that names the mesh.
"""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
jax.reshard(jnp.arange(8.0), P("i"))
