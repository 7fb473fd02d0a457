"""A helper maps a model step over the mesh; the batch it is given was built with jnp.ones."""
# corpus: label=positive styles=helper,parameter batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))


def step(x):
    return jnp.tanh(x) * 2.0


def run_sharded(batch):
    sharded_step = jax.shard_map(step, mesh=mesh, in_specs=P("data"), out_specs=P("data"))
    return sharded_step(batch)  # expect: shard-map-in-specs-input-sharding


batch = jnp.ones((16, 4))
print(run_sharded(batch).shape)
