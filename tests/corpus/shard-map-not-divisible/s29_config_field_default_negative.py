"""The field default (16) divides over the 8 devices, and the batch is placed on the mesh."""
# corpus: label=negative styles=attribute,parameter batch=s29

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclass
class Config:
    batch_size: int = field(default=16)
    features: int = 4


mesh = jax.make_mesh((8,), ("data",))


def forward(x):
    return jnp.tanh(x)


def run(config: Config):
    x = jnp.ones((config.batch_size, config.features))
    fn = jax.shard_map(forward, mesh=mesh, in_specs=P("data"), out_specs=P("data"))
    return fn(jax.device_put(x, jax.NamedSharding(mesh, P("data"))))


print(run(Config()).shape)
