"""The mesh is made with Auto axes, so shard_map reshards the fresh input itself."""
# corpus: label=negative styles=attribute,method batch=s29

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType
from jax.sharding import PartitionSpec as P


def local_loss(x):
    return jnp.sum(x**2, axis=1)


class Trainer:
    def __init__(self):
        self.mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
        self.loss = jax.shard_map(
            local_loss, mesh=self.mesh, in_specs=P("data", None), out_specs=P("data")
        )

    def evaluate(self, features):
        return self.loss(features)


trainer = Trainer()
print(trainer.evaluate(np.ones((8, 3), np.float32) / 2.0))
