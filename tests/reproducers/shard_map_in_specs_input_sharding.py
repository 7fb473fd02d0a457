"""Raises ValueError: on an explicit-axes mesh, shard_map's input is not sharded as in_specs says.

``jax.make_mesh`` makes Explicit axes by default; an array that was never placed on the mesh is
replicated (``P(None)``), which does not match ``in_specs=P("i")``.
"""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jnp.arange(8.0)
jax.shard_map(lambda v: v * 2, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
