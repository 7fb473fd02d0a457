"""Weights sharded for tensor parallelism on a mesh that has the tensor axis."""
# corpus: label=negative styles=helper,parameter

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def place_weights(weights, mesh):
    sharding = NamedSharding(mesh, P(None, "tensor"))
    return jax.device_put(weights, sharding)


mesh = jax.make_mesh((4, 2), ("data", "tensor"))
place_weights(jnp.ones((16, 32)), mesh)
