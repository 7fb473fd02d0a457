"""A sum over a sharded vector returned with a replicated out_spec, without a psum."""
# corpus: label=positive styles=direct batch=s30

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(32.0), jax.NamedSharding(mesh, P("i")))
total_of = jax.shard_map(lambda v: jnp.sum(v), mesh=mesh, in_specs=P("i"), out_specs=P())
total = total_of(x)  # expect: shard-map-out-specs-replication
print(total)
