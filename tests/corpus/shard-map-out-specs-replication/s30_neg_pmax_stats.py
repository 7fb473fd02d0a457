"""The same (mean, max) pair, with the max reduced by pmax: both are replicated."""
# corpus: label=negative styles=parameter,return batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def stats(v):
    mean = lax.pmean(jnp.mean(v), "batch")
    return mean, lax.pmax(jnp.max(v), "batch")


def sharded_stats(x, mesh, out_specs=(P(), P())):
    fn = jax.shard_map(stats, mesh=mesh, in_specs=P("batch"), out_specs=out_specs)
    return fn(x)


mesh = jax.make_mesh((8,), ("batch",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("batch")))
print(sharded_stats(x, mesh))
