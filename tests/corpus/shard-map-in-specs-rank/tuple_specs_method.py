"""A sharded layer's in_specs give its bias two entries, but the bias is a vector."""
# corpus: label=positive styles=method,attribute

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ShardedDense:
    def __init__(self, mesh):
        self.mesh = mesh
        self.kernel = jnp.ones((16, 8))
        self.bias = jnp.ones(8)

    def apply(self, x):
        body = lambda x, k, b: x @ k + b
        f = jax.shard_map(
            body,
            mesh=self.mesh,
            in_specs=(P("data", None), P(None, None), P(None, None)),
            out_specs=P("data", None),
        )
        return f(x, self.kernel, self.bias)  # expect: shard-map-in-specs-rank


layer = ShardedDense(jax.make_mesh((8,), ("data",)))
print(layer.apply(jnp.ones((16, 16))))
