"""A trainer keeps its mesh and sharded step as attributes; the inputs are scaled NumPy data."""
# corpus: label=positive styles=attribute,method batch=s29

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def local_loss(x):
    return jnp.sum(x**2, axis=1)


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((4, 2), ("data", "model"))
        self.loss = jax.shard_map(
            local_loss, mesh=self.mesh, in_specs=P("data", None), out_specs=P("data")
        )

    def evaluate(self, features):
        return self.loss(features)  # expect: shard-map-in-specs-input-sharding


trainer = Trainer()
print(trainer.evaluate(np.ones((8, 3), np.float32) / 2.0))
