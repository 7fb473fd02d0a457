"""A trainer keeps its batch sharding on an attribute; the batch it is given has 10 rows for 8 devices."""
# corpus: label=positive styles=attribute,method batch=s32

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((8,), ("batch",))
        self.batch_sharding = NamedSharding(self.mesh, P("batch"))

    def place(self, batch):
        rows = self.batch_sharding
        return jax.device_put(batch, rows)  # expect: device-put-sharding-not-divisible


trainer = Trainer()
print(trainer.place(jnp.ones((10, 3))).shape)
