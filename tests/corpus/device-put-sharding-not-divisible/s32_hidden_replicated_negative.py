"""The small axis is left unsplit; only the axis the model axis divides is sharded."""
# corpus: label=negative styles=helper,parameter batch=s32

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def shard_hidden(weight, mesh):
    rows = NamedSharding(mesh, P("model", None))
    return jax.device_put(weight, rows)


mesh = jax.make_mesh((2, 4), ("data", "model"))
w = shard_hidden(jnp.ones((64, 6)), mesh)
print(w.shape)
