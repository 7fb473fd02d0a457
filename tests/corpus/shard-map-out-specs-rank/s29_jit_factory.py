"""A factory returns a jitted shard_map of a reduction with a per-row out_specs."""
# corpus: label=positive styles=transform,return batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def make_row_sums(mesh):
    def row_sums(block):
        return block.sum(axis=1)

    return jax.jit(jax.shard_map(row_sums, mesh=mesh, in_specs=P("i"), out_specs=P("i", None)))


mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.ones((16, 4)), jax.NamedSharding(mesh, P("i")))
print(make_row_sums(mesh)(x))  # expect: shard-map-out-specs-rank
