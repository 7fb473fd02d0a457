"""A ``shard_map`` whose ``out_specs`` leave out a mesh axis its output varies over:
``out_specs=P()`` for a per-device loss computed from inputs split over ``"data"`` with no
``psum``/``pmean`` over it.

With ``check_vma`` on (the default) shard_map tracks the axes each value varies over and
raises ValueError at the call.  How the output varies is read from the body's source
(``jaxlsp.apis.varying``); reported only when every step of the body is read (no control flow,
no call it does not know); an axis of size 1 counts too.
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


class ShardMapOutSpecsReplication(ShapeRule):
    NAME = "shard-map-out-specs-replication"
    CODE = "shard-map-out-specs-replication"
    RECORD_ID = "25e3381449e04b91"
    KINDS = frozenset({"shard-map-out-vma"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Reduce over the axis before returning (`jax.lax.psum(v, 'i')` or `pmean`), or name "
        "the axis in out_specs (`P('i')`) if each device's result is meant to differ."
    )

    VALID = (
        # a psum makes the sum the same on every device
        _SETUP
        + """
def total(v):
    return lax.psum(v.sum(), "i")

jax.shard_map(total, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
""",
        # the check turned off
        _SETUP
        + """
jax.shard_map(lambda v: v * 2, mesh=mesh, in_specs=P("i"), out_specs=P(), check_vma=False)(x)
""",
        # a body the reading cannot follow (a loop) is silent
        _SETUP
        + """
def body(v):
    for _ in range(2):
        v = lax.psum(v, "i")
    return v

jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
""",
        # a value closed over is the same on every device
        _SETUP
        + """
w = jnp.ones(2)
jax.shard_map(lambda v: w * 3, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
""",
    )
    INVALID = (
        _SETUP
        + """
def partial_sum(v):
    return v.sum(keepdims=True)

f = jax.shard_map(partial_sum, mesh=mesh, in_specs=P("i"), out_specs=P())
f(x)  # expect: shard-map-out-specs-replication
""",
        # all_gather's result still varies over its axis
        _SETUP
        + """
def gather(v):
    return lax.all_gather(v, "i", tiled=True)

f = jax.shard_map(gather, mesh=mesh, in_specs=P("i"), out_specs=P())
f(x)  # expect: shard-map-out-specs-replication
""",
    )
