"""Raises ValueError: a sharded axis of size 12 does not divide over a mesh axis of size 8."""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jnp.arange(12.0)
jax.shard_map(lambda v: v * 2, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
