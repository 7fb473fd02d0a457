"""The jitted shard_map takes its input replicated (P()), which a fresh array is."""
# corpus: label=negative styles=transform,return batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_sharded_sum(mesh):
    def scaled(block):
        return block * jax.lax.axis_index("i")

    return jax.jit(jax.shard_map(scaled, mesh=mesh, in_specs=P(), out_specs=P("i")))


mesh = jax.make_mesh((8,), ("i",))
total = make_sharded_sum(mesh)
print(total(jnp.arange(4.0) + 1.0).shape)
