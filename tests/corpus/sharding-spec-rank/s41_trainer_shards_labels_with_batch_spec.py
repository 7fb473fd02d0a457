"""A trainer keeps the sharding of its 2-D batches and places the 1-D labels with it too."""
# corpus: label=positive styles=attribute,method,parameter batch=s41

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self, mesh):
        self.batch_sharding = NamedSharding(mesh, P("data", None))

    def place(self, features, labels):
        features = jax.device_put(features, self.batch_sharding)
        labels = jax.device_put(labels, self.batch_sharding)  # expect: sharding-spec-rank
        return features, labels


mesh = jax.make_mesh((8,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
trainer = Trainer(mesh)
features, labels = trainer.place(jnp.ones((16, 5)), jnp.zeros(16))
print(features.shape, labels.shape)
