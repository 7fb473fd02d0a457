"""A helper takes the out_specs of a (mean, max) pair as a parameter; the max is not reduced."""
# corpus: label=positive styles=parameter,return batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def stats(v):
    mean = lax.pmean(jnp.mean(v), "batch")
    return mean, jnp.max(v)


def sharded_stats(x, mesh, out_specs=(P(), P())):
    fn = jax.shard_map(stats, mesh=mesh, in_specs=P("batch"), out_specs=out_specs)
    return fn(x)  # expect: shard-map-out-specs-replication


mesh = jax.make_mesh((8,), ("batch",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("batch")))
print(sharded_stats(x, mesh))
