"""A ``shard_map`` on a mesh with Explicit axes (``jax.make_mesh``'s default) given an array that
was never placed on the mesh, while its ``in_specs`` split it: ``jnp.arange(8.0)`` for
``P("i")``.

With Explicit axes shard_map checks each input's sharding against its spec instead of
resharding it, so a replicated input fails, eagerly and under ``jax.jit``.  Reported only when
the mesh is surely Explicit (``jax.make_mesh`` without ``axis_types``) and the input surely
unplaced (an array constructor given no device or sharding, a NumPy array, or operators over
only such arrays); an input of unknown origin may already be sharded.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule

_SETUP = """
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))

def double(x):
    return x * 2
"""


class ShardMapInSpecsInputSharding(ShapeRule):
    NAME = "shard-map-in-specs-input-sharding"
    FORMER_NAMES = ("shard-map-input-sharding",)
    CODE = "shard-map-in-specs-input-sharding"
    RECORD_ID = "be929c388f89611e"
    KINDS = frozenset({"shard-map-in-specs-input-sharding"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Place the input first (`jax.device_put(x, jax.NamedSharding(mesh, spec))`), leave "
        "`in_specs` out, or make the mesh with Auto axes "
        "(`axis_types=(jax.sharding.AxisType.Auto,)`)."
    )

    VALID = (
        # placed on the mesh as in_specs says
        _SETUP
        + """
f = jax.shard_map(double, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
f(jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("i"))))
""",
        # an operator over a placed array keeps its sharding
        _SETUP
        + """
placed = jax.device_put(jnp.ones(16), jax.NamedSharding(mesh, P("i")))
jax.shard_map(double, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(placed + jnp.ones(16))
""",
        # a replicated spec asks for no sharding
        _SETUP
        + """
jax.shard_map(double, mesh=mesh, in_specs=P(), out_specs=P())(jnp.arange(16.0))
""",
        # a mesh with Auto axes reshards the input
        """
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",), axis_types=(AxisType.Auto,))
jax.shard_map(lambda x: x * 2, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(jnp.ones(16))
""",
        # an input of unknown origin may already be sharded
        _SETUP
        + """
def run(batch):
    return jax.shard_map(double, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(batch)
""",
    )
    INVALID = (
        _SETUP
        + """
f = jax.shard_map(double, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
f(jnp.arange(16.0))  # expect: shard-map-in-specs-input-sharding
""",
        # a NumPy array, scaled, given under jax.jit
        _SETUP
        + """
f = jax.jit(jax.shard_map(double, mesh=mesh, in_specs=P("i"), out_specs=P("i")))
f(np.ones(16) * 2)  # expect: shard-map-in-specs-input-sharding
""",
    )
