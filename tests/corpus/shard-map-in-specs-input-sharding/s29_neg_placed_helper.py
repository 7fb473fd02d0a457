"""The helper places the batch on the mesh before the sharded step."""
# corpus: label=negative styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))


def step(x):
    return jnp.tanh(x) * 2.0


def run_sharded(batch):
    placed = jax.device_put(batch, jax.NamedSharding(mesh, P("data")))
    sharded_step = jax.shard_map(step, mesh=mesh, in_specs=P("data"), out_specs=P("data"))
    return sharded_step(placed)


print(run_sharded(jnp.ones((16, 4))).shape)
