"""The clip helper's axis_name default is the mesh's own axis: it runs."""
# corpus: label=negative styles=parameter batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def clip_to_global_max(v, axis_name="i"):
    top = lax.pmax(jnp.max(jnp.abs(v)), axis_name)
    return v / top


mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("i")))
print(jax.shard_map(clip_to_global_max, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x))
