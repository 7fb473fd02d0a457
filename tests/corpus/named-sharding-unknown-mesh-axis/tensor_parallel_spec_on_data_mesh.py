"""Weights sharded for tensor parallelism, placed on a data-parallel mesh without that axis."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def place_weights(weights, mesh):
    sharding = NamedSharding(mesh, P(None, "tensor"))  # expect: named-sharding-unknown-mesh-axis
    return jax.device_put(weights, sharding)


mesh = jax.make_mesh((8,), ("data",))
place_weights(jnp.ones((16, 32)), mesh)
