"""A ``shard_map`` argument whose size on a split axis the mesh axis does not divide: 6 rows
over 8 devices.

Reported when the array's size, the spec and the mesh's axis sizes are known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ShardMapNotDivisible(ShapeRule):
    NAME = "shard-map-not-divisible"
    CODE = "shard-map-not-divisible"
    RECORD_ID = "14c41712bbe3ae85"
    KINDS = frozenset({"shard-map-divisible"})
    NAMES_OPERANDS = False
    ADVICE = "Pad the array to a multiple of the mesh axis size, or split another axis (or none)."

    VALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
f = jax.shard_map(lambda x: x * 2, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
f(jax.device_put(jnp.ones(16), jax.NamedSharding(mesh, P("i"))))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))

def double(x):
    return x * 2

f = jax.shard_map(double, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
f(jnp.ones(6))  # expect: shard-map-not-divisible
""",
    )
