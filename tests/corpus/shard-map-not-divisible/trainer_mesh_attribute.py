"""A trainer built on a 2x4 mesh shards its batch over both axes (8 ways); the batch has 12."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((2, 4), ("replica", "data"))

    def loss(self, batch):
        return (batch**2).mean(keepdims=True)

    def step(self, batch):
        spec = P(("replica", "data"))
        sharded = jax.shard_map(self.loss, mesh=self.mesh, in_specs=spec, out_specs=P())
        return sharded(batch)  # expect: shard-map-not-divisible


print(Trainer().step(jnp.ones(12)))
