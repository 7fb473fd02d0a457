"""Raises AssertionError (no message): a pmean inside a shard_map body over an axis name the
shard_map's mesh does not have ("batch"; the mesh's one axis is "i")."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("i")))


def centre(v):
    return v - lax.pmean(v, "batch")


jax.shard_map(centre, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
