"""The bias's spec has one entry; the inputs are placed on the mesh."""
# corpus: label=negative styles=method,attribute

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
        specs = (P("data", None), P(None, None), P(None))
        f = jax.shard_map(body, mesh=self.mesh, in_specs=specs, out_specs=P("data", None))
        placed = [
            jax.device_put(a, jax.NamedSharding(self.mesh, s))
            for a, s in zip((x, self.kernel, self.bias), specs)
        ]
        return f(*placed)


layer = ShardedDense(jax.make_mesh((8,), ("data",)))
print(layer.apply(jnp.ones((16, 16))).shape)
