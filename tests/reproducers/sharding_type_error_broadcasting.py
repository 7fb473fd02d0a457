"""Raises ShardingTypeError: adding explicitly sharded arrays whose shardings disagree."""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))
a = jax.device_put(jnp.ones((8, 8)), jax.NamedSharding(mesh, P("data", "model")))
b = jax.device_put(jnp.ones((8, 8)), jax.NamedSharding(mesh, P("model", "data")))
a + b
