"""A helper gathers every shard over "devices" inside a shard_map whose mesh axis is "data"."""
# corpus: label=positive styles=helper,transform batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def gather_all(v):
    return lax.all_gather(v, "devices", tiled=True)  # expect: unbound-axis-name


def body(v):
    return gather_all(v).sum(keepdims=True)


mesh = jax.make_mesh((8,), ("data",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("data")))
print(jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P("data"))(x))
