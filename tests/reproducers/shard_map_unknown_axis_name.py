"""Raises ValueError: in_specs names a mesh axis ("j") that the mesh does not have."""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
jax.shard_map(lambda v: v * 2, mesh=mesh, in_specs=P("j"), out_specs=P("j"))(x)
