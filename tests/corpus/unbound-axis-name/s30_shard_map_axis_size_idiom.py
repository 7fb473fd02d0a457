"""The axis-size idiom psum(1, name) with a name the shard_map's mesh lacks."""
# corpus: label=positive styles=parameter batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def scale(v, axis="batch"):
    return v / lax.psum(1, axis)  # expect: unbound-axis-name


mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("i")))
print(jax.shard_map(scale, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x))
