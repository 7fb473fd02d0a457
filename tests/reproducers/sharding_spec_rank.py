"""Raises ValueError: a NamedSharding whose spec names three axes constrains a rank-2 array."""

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
sharding = NamedSharding(mesh, P("batch", None, None))
jax.jit(lambda y: jax.lax.with_sharding_constraint(y, sharding))(jnp.ones((8, 4)))
