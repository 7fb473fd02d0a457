"""A factory returns a jitted shard_map; the caller feeds it a fresh arange."""
# corpus: label=positive styles=transform,return batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_sharded_sum(mesh):
    def partial_sum(block):
        return jax.lax.psum(block.sum(keepdims=True), "i")

    return jax.jit(jax.shard_map(partial_sum, mesh=mesh, in_specs=P("i"), out_specs=P()))


mesh = jax.make_mesh((8,), ("i",))
total = make_sharded_sum(mesh)
values = jnp.arange(32.0) + 1.0
print(total(values))  # expect: shard-map-in-specs-input-sharding
