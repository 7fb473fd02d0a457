"""`in_specs` is built with a generator over `range(3)` for three inputs, but the sharded function is called with two."""
# corpus: label=positive styles=helper,transform batch=s26

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def data_parallel(fn, mesh, n_inputs):
    specs = tuple(P("i") for _ in range(n_inputs))
    return jax.shard_map(fn, mesh=mesh, in_specs=specs, out_specs=P("i"))


mesh = jax.make_mesh((8,), ("i",))
step = jax.jit(data_parallel(lambda x, y: x * y, mesh, 3))
print(step(jnp.ones(16), jnp.ones(16)))  # expect: shard-map-in-specs-structure
