"""The trainer reduces its loss over both mesh axes before returning it replicated."""
# corpus: label=negative styles=method,attribute batch=s30

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((2, 4), ("data", "model"))

    def local_loss(self, logits, labels):
        loss = jnp.mean((logits - labels) ** 2)
        return lax.pmean(loss, ("data", "model"))

    def loss(self, logits, labels):
        spec = P("data", "model")
        fn = jax.shard_map(self.local_loss, mesh=self.mesh, in_specs=(spec, spec), out_specs=P())
        return fn(logits, labels)


trainer = Trainer()
sharding = jax.NamedSharding(trainer.mesh, P("data", "model"))
logits = jax.device_put(jnp.ones((4, 8)), sharding)
labels = jax.device_put(jnp.zeros((4, 8)), sharding)
print(trainer.loss(logits, labels))
