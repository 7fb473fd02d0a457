"""A data-parallel helper shards (batch, features) inputs, but is given a vector of labels."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))


def data_parallel(fn, x):
    sharded = jax.shard_map(fn, mesh=mesh, in_specs=P("data", None), out_specs=P("data"))
    return sharded(x)  # expect: shard-map-in-specs-rank


labels = jnp.ones(16)
print(data_parallel(lambda v: v * 2, labels))
