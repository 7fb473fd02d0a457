"""A helper builds the out_specs with a model axis the 1-D mesh does not have."""
# corpus: label=positive styles=helper,return batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def output_spec():
    return P("data", "model")


def layer(x):
    return x * 2.0


mesh = jax.make_mesh((8,), ("data",))
x = jax.device_put(jnp.ones((8, 4)), jax.NamedSharding(mesh, P("data", None)))
sharded = jax.shard_map(layer, mesh=mesh, in_specs=P("data", None), out_specs=output_spec())
print(sharded(x).shape)  # expect: shard-map-unknown-axis-name
