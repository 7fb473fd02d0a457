"""A Mesh built from a reshaped device array (4x2) splits 6 rows over the 4-way axis."""
# corpus: label=positive styles=direct,helper

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh
from jax.sharding import PartitionSpec as P

devices = np.array(jax.devices()).reshape(4, 2)
mesh = Mesh(devices, ("data", "model"))


def scale(x):
    return x * 2


f = jax.shard_map(scale, mesh=mesh, in_specs=P("data", None), out_specs=P("data", None))
f(jnp.ones((6, 2)))  # expect: shard-map-not-divisible
