# corpus: label=positive styles=helper,parameter
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("x",))


@partial(jax.shard_map, mesh=mesh, in_specs=(P("x"), P("x")), out_specs=P("x"))
def add(a, b):
    return a + b


def double(values):
    return add(values)  # expect: shard-map-in-specs-structure


double(jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P("x"))))
