"""A ``shard_map`` ``out_specs`` entry longer than the rank of the body's output:
``P("i")`` for a body that returns a per-device scalar (``v.sum()``).

Reported when the body's output is one array of known rank and ``out_specs`` one spec.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule

_SETUP = """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("i")))
"""


class ShardMapOutSpecsRank(ShapeRule):
    NAME = "shard-map-out-specs-rank"
    CODE = "shard-map-out-specs-rank"
    RECORD_ID = "3e10013191c7ca7f"
    KINDS = frozenset({"shard-map-out-rank"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Give out_specs at most one entry per axis of the output, or keep the reduced axis "
        "(`v.sum(keepdims=True)`)."
    )

    VALID = (
        _SETUP
        + """
def partial_sums(v):
    return v.sum(keepdims=True)

jax.shard_map(partial_sums, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
""",
        # made but never called: shard_map checks its outputs at a call
        _SETUP
        + """
unused = jax.shard_map(lambda v: v.sum(), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
""",
        # the output's rank is not known
        _SETUP
        + """
def run(body):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i", None))(x)
""",
    )
    INVALID = (
        _SETUP
        + """
def partial_sums(v):
    return v.sum()

f = jax.shard_map(partial_sums, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
f(x)  # expect: shard-map-out-specs-rank
""",
        _SETUP
        + """
f = jax.shard_map(lambda v: v * 2, mesh=mesh, in_specs=P("i"), out_specs=P("i", None))
f(x)  # expect: shard-map-out-specs-rank
""",
    )
