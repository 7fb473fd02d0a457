"""A reduction (``lax.psum``, ``pmean``, ``pmax``, ``pmin``) or ``lax.ppermute`` of an array
inside a ``shard_map`` body over an axis name the shard_map's mesh does not have:
``lax.pmean(v, "batch")`` under ``jax.make_mesh((8,), ("i",))``.

Under jit alone the name raises NameError (``unbound-axis-name``); inside a shard_map JAX
instead fails an internal assertion, a bare AssertionError, where the collective is called.
Reported where every transform around the call is known and binds known names.  A name that
only a vmap inside the body binds is left alone (measured: a pmax over it still fails the
assertion, which this rule does not claim).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule

_SETUP = """
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("i")))
"""


class ShardMapCollectiveAxisNotInMesh(ShapeRule):
    NAME = "shard-map-collective-axis-not-in-mesh"
    CODE = "shard-map-collective-axis-not-in-mesh"
    RECORD_ID = "e1dcb5862b95c791"
    KINDS = frozenset({"collective-axis-not-in-mesh"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Use the name of the mesh axis the data is split over (the one in in_specs), or bind "
        "the name with a jax.vmap(axis_name=...) inside the body."
    )

    VALID = (
        _SETUP
        + """
def centre(v):
    return v - lax.pmean(v, "i")

jax.shard_map(centre, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
""",
        # the axis name given as a parameter's default that is the mesh's axis
        _SETUP
        + """
def centre(v, axis="i"):
    return v - lax.pmax(v, axis)

jax.shard_map(centre, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
""",
        # a function nobody here calls may run under another mesh
        """
from jax import lax

def centre(v):
    return v - lax.pmean(v, "batch")
""",
    )
    INVALID = (
        _SETUP
        + """
def centre(v):
    return v - lax.pmean(v, "batch")  # expect: shard-map-collective-axis-not-in-mesh

jax.shard_map(centre, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
""",
        _SETUP
        + """
def total(v):
    partial = v.sum(keepdims=True)
    return lax.psum(partial, "data")  # expect: shard-map-collective-axis-not-in-mesh

jax.jit(jax.shard_map(total, mesh=mesh, in_specs=P("i"), out_specs=P("i")))(x)
""",
    )
