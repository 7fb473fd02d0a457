"""The helper's out_specs name both axes of a 2-D mesh."""
# corpus: label=negative styles=helper,return batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def output_spec():
    return P("data", "model")


def layer(x):
    return x * 2.0


mesh = jax.make_mesh((4, 2), ("data", "model"))
x = jax.device_put(jnp.ones((8, 4)), jax.NamedSharding(mesh, P("data", "model")))
sharded = jax.shard_map(layer, mesh=mesh, in_specs=P("data", "model"), out_specs=output_spec())
print(sharded(x).shape)
