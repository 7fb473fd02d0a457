"""The helper is given a (batch, features) matrix, placed on the mesh."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))


def data_parallel(fn, x):
    sharded = jax.shard_map(fn, mesh=mesh, in_specs=P("data", None), out_specs=P("data"))
    return sharded(jax.device_put(x, jax.NamedSharding(mesh, P("data", None))))


features = jnp.ones((16, 4))
print(data_parallel(lambda v: v * 2, features).shape)
