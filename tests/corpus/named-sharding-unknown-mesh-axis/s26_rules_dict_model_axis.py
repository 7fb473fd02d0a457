"""Logical-axis rules in a dict map `"embed"` to the mesh axis `"model"`, but the mesh is built with a single `"data"` axis."""
# corpus: label=positive styles=attribute,helper batch=s26

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

RULES = {"batch": P("data"), "embed": P("model", None)}


def shard(mesh, x, logical):
    sharding = NamedSharding(mesh, RULES[logical])  # expect: named-sharding-unknown-mesh-axis
    return jax.device_put(x, sharding)


mesh = jax.make_mesh((8,), ("data",))
print(shard(mesh, jnp.ones((8, 4)), "embed").sharding)
