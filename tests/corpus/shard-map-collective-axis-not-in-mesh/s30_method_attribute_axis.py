"""A layer keeps its reduction axis name as an attribute that does not match the mesh's."""
# corpus: label=positive styles=method,attribute batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


class SyncedNorm:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, v):
        total = lax.psum(jnp.sum(v * v), self.axis)  # expect: shard-map-collective-axis-not-in-mesh
        return v / jnp.sqrt(total)


mesh = jax.make_mesh((4, 2), ("data", "model"))
norm = SyncedNorm("batch")
x = jax.device_put(jnp.ones((8, 4)), jax.NamedSharding(mesh, P("data", "model")))
print(jax.shard_map(norm, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data", "model"))(x))
