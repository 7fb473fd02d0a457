"""The shard_mapped apply, always compiled: callers get a jax.jit-wrapped function."""

import jax
from jax.sharding import PartitionSpec as P

from .activations import bounded_tanh


def _local_apply(w, x):
    return bounded_tanh(x @ w)


def make_sharded_apply(mesh, axis="data"):
    sharded = jax.shard_map(
        _local_apply, mesh=mesh, in_specs=(P(), P(axis, None)), out_specs=P(axis, None)
    )
    return jax.jit(sharded)
