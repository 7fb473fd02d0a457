"""A helper shards a weight matrix's hidden axis over the model axis, which does not divide it."""
# corpus: label=positive styles=helper,parameter batch=s32

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def shard_hidden(weight, mesh):
    columns = NamedSharding(mesh, P(None, "model"))
    return jax.device_put(weight, columns)  # expect: device-put-sharding-not-divisible


mesh = jax.make_mesh((2, 4), ("data", "model"))
w = shard_hidden(jnp.ones((64, 6)), mesh)
print(w.shape)
