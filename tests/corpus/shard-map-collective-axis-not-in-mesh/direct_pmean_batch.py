"""Batch-norm statistics averaged over "batch" inside a shard_map whose mesh axis is "data"."""
# corpus: label=positive styles=direct batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))
x = jax.device_put(jnp.ones((16, 4)), jax.NamedSharding(mesh, P("data")))


def normalise(v):
    mean = lax.pmean(v.mean(axis=0), "batch")  # expect: shard-map-collective-axis-not-in-mesh
    return v - mean


print(jax.shard_map(normalise, mesh=mesh, in_specs=P("data"), out_specs=P("data"))(x))
