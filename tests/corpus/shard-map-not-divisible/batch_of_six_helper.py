"""A helper shards a batch of 6 examples over 8 devices."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("batch",))


def shard_batch(fn, batch):
    sharded = jax.shard_map(fn, mesh=mesh, in_specs=P("batch"), out_specs=P("batch"))
    return sharded(batch)  # expect: shard-map-not-divisible


print(shard_batch(jnp.tanh, jnp.ones((6, 4))))
