"""A sharded dense layer gives its bias vector a two-entry spec."""
# corpus: label=positive styles=attribute,helper batch=s25

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("model",))
SPECS = {"w": P(None, "model"), "b": P(None, "model")}


def dense(params, x):
    return x @ params["w"] + params["b"]


sharded = jax.shard_map(dense, mesh=mesh, in_specs=(SPECS, P()), out_specs=P(None, "model"))
params = {"w": jnp.ones((4, 16)), "b": jnp.zeros(16)}
print(sharded(params, jnp.ones((2, 4))).shape)  # expect: shard-map-in-specs-rank
