"""The trainer's batch of 16 splits 8 ways."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((2, 4), ("replica", "data"))

    def loss(self, batch):
        return jax.lax.pmean((batch**2).mean(keepdims=True), ("replica", "data"))

    def step(self, batch):
        spec = P(("replica", "data"))
        sharded = jax.shard_map(self.loss, mesh=self.mesh, in_specs=spec, out_specs=P())
        return sharded(jax.device_put(batch, jax.NamedSharding(self.mesh, spec)))


print(Trainer().step(jnp.ones(16)))
