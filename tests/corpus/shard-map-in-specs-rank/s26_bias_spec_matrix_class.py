"""A sharded layer class keeps its specs in `__init__`; the bias spec is written for a matrix, but the bias is a vector."""
# corpus: label=positive styles=attribute,method batch=s26

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ShardedLinear:
    def __init__(self, mesh):
        self.mesh = mesh
        self.specs = (P("i", None), P(None, None), P("i", None))

    def __call__(self, x, w, b):
        fn = jax.shard_map(
            lambda x, w, b: x @ w + b, mesh=self.mesh, in_specs=self.specs, out_specs=P("i")
        )
        return jax.jit(fn)(x, w, b)  # expect: shard-map-in-specs-rank


layer = ShardedLinear(jax.make_mesh((8,), ("i",)))
print(layer(jnp.ones((16, 4)), jnp.ones((4, 4)), jnp.ones(16)))
