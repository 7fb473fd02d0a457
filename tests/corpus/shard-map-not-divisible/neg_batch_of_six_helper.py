"""The batch is padded to 8 examples and placed on the mesh."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))


def shard_batch(fn, batch):
    placed = jax.device_put(batch, jax.NamedSharding(mesh, P("batch")))
    return jax.shard_map(fn, mesh=mesh, in_specs=P("batch"), out_specs=P("batch"))(placed)


padded = jnp.pad(jnp.ones((6, 4)), ((0, 2), (0, 0)))
print(shard_batch(jnp.tanh, padded).shape)
