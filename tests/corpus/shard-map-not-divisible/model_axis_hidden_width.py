"""Tensor parallelism over a 4-way model axis on a hidden width of 10."""
# corpus: label=positive styles=transform,direct

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"))


@partial(jax.shard_map, mesh=mesh, in_specs=P(None, "model"), out_specs=P(None, "model"))
def activation(hidden):
    return jax.nn.gelu(hidden)


activation(jnp.ones((4, 10)))  # expect: shard-map-not-divisible
