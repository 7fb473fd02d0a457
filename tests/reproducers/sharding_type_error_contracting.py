"""Raises ShardingTypeError: a matmul of explicitly sharded arrays whose contracting axes are
both sharded, so the output sharding is ambiguous."""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))
x = jax.device_put(jnp.ones((8, 8)), jax.NamedSharding(mesh, P("data", "model")))
w = jax.device_put(jnp.ones((8, 8)), jax.NamedSharding(mesh, P("model", None)))
x @ w
