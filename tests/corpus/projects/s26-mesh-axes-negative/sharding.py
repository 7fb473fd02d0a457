"""The mesh layout shared by the training scripts."""

import jax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

AXES = ("data", "model")
SHAPE = (4, 2)


def make_mesh():
    return jax.make_mesh(SHAPE, AXES)


def shard_rows(mesh, *axes):
    return NamedSharding(mesh, P(*axes))
