"""A ``shard_map`` whose ``in_specs`` or ``out_specs`` name an axis its mesh lacks:
``P("j")`` on a mesh with the one axis ``"i"``.

shard_map checks the names when the function it made is called, before anything else.
Reported when the mesh's axis names and the spec's entry are known.
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule

_SETUP = """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("i")))

def double(v):
    return v * 2
"""


class ShardMapUnknownAxisName(ShapeRule):
    NAME = "shard-map-unknown-axis-name"
    CODE = "shard-map-unknown-axis-name"
    RECORD_ID = "3df9b886239a4568"
    KINDS = frozenset({"shard-map-axis-name"})
    NAMES_OPERANDS = False
    ADVICE = "Name only the axes of the mesh given to shard_map (`mesh.axis_names`)."

    VALID = (
        _SETUP
        + """
jax.shard_map(double, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
""",
        # made but never called: shard_map checks the names at the call
        _SETUP
        + """
unused = jax.shard_map(double, mesh=mesh, in_specs=P("j"), out_specs=P("i"))
""",
        # a name that is not known here stays silent
        _SETUP
        + """
def run(axis):
    return jax.shard_map(double, mesh=mesh, in_specs=P(axis), out_specs=P(axis))(x)
""",
    )
    INVALID = (
        _SETUP
        + """
f = jax.shard_map(double, mesh=mesh, in_specs=P("batch"), out_specs=P("i"))
f(x)  # expect: shard-map-unknown-axis-name
""",
        _SETUP
        + """
@jax.jit
def step(v):
    g = jax.shard_map(double, mesh=mesh, in_specs=(P("i"),), out_specs=P(("i", "model")))
    return g(v)  # expect: shard-map-unknown-axis-name

step(x)
""",
    )
