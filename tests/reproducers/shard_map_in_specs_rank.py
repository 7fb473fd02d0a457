"""Raises ValueError: an in_specs entry has more axes than the array it describes.

``P("i", None)`` describes a rank-2 array, but the argument is rank 1.
"""

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
jax.shard_map(lambda v: v * 2, mesh=mesh, in_specs=P("i", None), out_specs=P("i"))(x)
