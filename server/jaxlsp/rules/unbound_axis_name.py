"""A collective (``lax.psum``, ``pmean``, ``all_gather``, ``axis_index``...) whose axis name no
enclosing transform binds: ``lax.pmean(x, "batch")`` under ``jax.jit`` alone, or under a
``jax.pmap`` named ``"i"``.

A name is bound by a ``jax.vmap`` or ``jax.pmap`` given it as ``axis_name``, or by a
``jax.shard_map`` whose mesh has that axis.  Reported only where every transform around the
call is known: a function whose callers are not known may be mapped by one of them.  Inside a
shard_map, ``axis_index``, ``all_gather`` of an array and ``psum`` of a Python number over a
name its mesh lacks raise this error too (the last two with its variant message), while a
reduction of an array raises an AssertionError (``shard-map-collective-axis-not-in-mesh``).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class UnboundAxisName(ShapeRule):
    NAME = "unbound-axis-name"
    CODE = "unbound-axis-name"
    RECORD_ID = "3977e388425bfc86"
    KINDS = frozenset({"unbound-axis-name"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Call it inside a transform that binds the name: `jax.vmap(f, axis_name=...)`, "
        "`jax.pmap(f, axis_name=...)`, or `jax.shard_map` over a mesh with that axis."
    )

    VALID = (
        """
import jax
import jax.numpy as jnp
from jax import lax

def centre(v):
    return v - lax.pmean(v, "batch")

jax.vmap(centre, axis_name="batch")(jnp.ones((4, 3)))
""",
        # nested maps bind both names
        """
import jax
import jax.numpy as jnp
from jax import lax

total = jax.vmap(jax.vmap(lambda v: lax.psum(v, ("a", "b")), axis_name="b"), axis_name="a")
total(jnp.ones((2, 2)))
""",
        # a function nobody here calls may be mapped by its callers
        """
import jax
from jax import lax

def centre(v):
    return v - lax.pmean(v, "batch")
""",
        # psum of a Python number with a bound name: the axis size idiom
        """
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))

def scale(v):
    return v / jax.lax.psum(1, "i")

x = jax.device_put(jnp.ones(16), jax.NamedSharding(mesh, P("i")))
jax.shard_map(scale, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)
""",
    )
    INVALID = (
        """
import jax
import jax.numpy as jnp
from jax import lax

def mean_over_batch(v):
    return lax.pmean(v, "batch")  # expect: unbound-axis-name

jax.jit(lambda x: mean_over_batch(x).sum())(jnp.ones(4))
""",
        """
import jax
import jax.numpy as jnp
from jax import lax

def normalise(v):
    return v / lax.psum(v, "j")  # expect: unbound-axis-name

jax.vmap(normalise, axis_name="i")(jnp.ones((8, 2)))
""",
    )
