"""Raises ValueError: an out_specs entry has more axes than the body's output."""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
jax.shard_map(lambda v: v.sum(), mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
