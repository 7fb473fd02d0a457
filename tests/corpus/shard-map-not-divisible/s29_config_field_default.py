"""The batch size comes from a dataclass field's default (dataclasses.field(default=12))."""
# corpus: label=positive styles=attribute,parameter batch=s29

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclass
class Config:
    batch_size: int = field(default=12)
    features: int = 4


mesh = jax.make_mesh((8,), ("data",))


def forward(x):
    return jnp.tanh(x)


def run(config: Config):
    x = jnp.ones((config.batch_size, config.features))
    fn = jax.shard_map(forward, mesh=mesh, in_specs=P("data"), out_specs=P("data"))
    return fn(x)  # expect: shard-map-not-divisible


print(run(Config()).shape)
