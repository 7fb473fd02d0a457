"""Raises IndivisibleError: jit's in_shardings splits an argument of 12 elements over 8 devices."""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
double = jax.jit(lambda x: x * 2, in_shardings=jax.NamedSharding(mesh, P("i")))
double(jnp.arange(12.0))
