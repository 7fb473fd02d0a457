"""A ``shard_map`` ``in_specs`` entry longer than its argument's rank: ``P("i", None)`` for a
vector.

Reported when the argument's rank and the spec are known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class ShardMapInSpecsRank(ShapeRule):
    NAME = "shard-map-in-specs-rank"
    FORMER_NAMES = ("shard-map-spec-rank",)
    CODE = "shard-map-in-specs-rank"
    RECORD_ID = "339fc155f9701afc"
    KINDS = frozenset({"shard-map-rank"})
    NAMES_OPERANDS = False
    ADVICE = "Give the spec at most one entry per axis of the argument (drop trailing `None`s)."

    VALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
f = jax.shard_map(lambda x: x * 2, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
f(jax.device_put(jnp.ones(8), jax.NamedSharding(mesh, P("i"))))
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
f = jax.shard_map(lambda x: x * 2, mesh=mesh, in_specs=P("i", None), out_specs=P("i"))
f(jnp.ones(8))  # expect: shard-map-in-specs-rank
""",
    )
