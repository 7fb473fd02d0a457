"""The deprecated jax.experimental.shard_map.shard_map by position, over a divisible array placed
on the mesh."""
# corpus: label=negative styles=direct batch=s29

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))


def double(x):
    return x * 2


doubled = shard_map(double, mesh, P("i"), P("i"), check_rep=False)
placed = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("i")))
print(doubled(placed))
