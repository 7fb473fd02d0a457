"""Raises ValueError: device_put with a NamedSharding that splits 12 elements over 8 devices."""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
jax.device_put(jnp.arange(12.0), jax.NamedSharding(mesh, P("i")))
