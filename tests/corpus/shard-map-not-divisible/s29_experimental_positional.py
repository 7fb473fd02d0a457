"""The deprecated jax.experimental.shard_map.shard_map, its mesh and specs passed by position."""
# corpus: label=positive styles=direct batch=s29

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))


def double(x):
    return x * 2


doubled = shard_map(double, mesh, P("i"), P("i"))
print(doubled(jnp.arange(12.0)))  # expect: shard-map-not-divisible
