"""A trainer reduces its loss over the data axis only, though the batch is also split over model."""
# corpus: label=positive styles=method,attribute batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((2, 4), ("data", "model"))

    def local_loss(self, logits, labels):
        loss = jnp.mean((logits - labels) ** 2)
        return lax.pmean(loss, "data")

    def loss(self, logits, labels):
        spec = P("data", "model")
        fn = jax.shard_map(self.local_loss, mesh=self.mesh, in_specs=(spec, spec), out_specs=P())
        return fn(logits, labels)  # expect: shard-map-out-specs-replication


trainer = Trainer()
sharding = jax.NamedSharding(trainer.mesh, P("data", "model"))
logits = jax.device_put(jnp.ones((4, 8)), sharding)
labels = jax.device_put(jnp.zeros((4, 8)), sharding)
print(trainer.loss(logits, labels))
