"""The helper gathers over the mesh's own axis: it runs."""
# corpus: label=negative styles=helper,transform batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def gather_all(v):
    return lax.all_gather(v, "data", tiled=True)


def body(v):
    return gather_all(v).sum(keepdims=True)


mesh = jax.make_mesh((8,), ("data",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("data")))
print(jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P("data"))(x))
