"""The bias spec matches the vector bias; the inputs are placed on the mesh with their specs."""
# corpus: label=negative styles=attribute,method batch=s26

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ShardedLinear:
    def __init__(self, mesh):
        self.mesh = mesh
        self.specs = (P("i", None), P(None, None), P(None))

    def __call__(self, x, w, b):
        fn = jax.shard_map(
            lambda x, w, b: x @ w + b, mesh=self.mesh, in_specs=self.specs, out_specs=P("i")
        )
        placed = [
            jax.device_put(a, jax.NamedSharding(self.mesh, s))
            for a, s in zip((x, w, b), self.specs)
        ]
        return jax.jit(fn)(*placed)


layer = ShardedLinear(jax.make_mesh((8,), ("i",)))
print(layer(jnp.ones((16, 4)), jnp.ones((4, 4)), jnp.ones(4)))
