"""Submodules the pinned JAX has, imported by their dotted paths."""

# corpus: label=negative styles=direct batch=s37

import jax.experimental.pallas as pl
import jax.numpy.linalg
import jax.scipy.special as special
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec

print(pl.BlockSpec, jax.numpy.linalg.norm, special.erf(0.5), shard_map, Mesh, PartitionSpec)
