"""A shard_map decorator with a 3-entry spec over a batch of 2-D images."""
# corpus: label=positive styles=transform,direct

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


@partial(jax.shard_map, mesh=mesh, in_specs=P("data", None, "model"), out_specs=P("data"))
def normalise(images):
    return images - images.mean()


normalise(jnp.ones((8, 32)))  # expect: shard-map-in-specs-rank
