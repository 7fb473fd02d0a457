"""A config names the data axis 'batch' while the mesh calls it 'data'."""
# corpus: label=positive styles=attribute,parameter batch=s29

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclass
class Config:
    data_axis: str = "batch"


def normalise(x):
    return x / jnp.linalg.norm(x, axis=-1, keepdims=True)


def run(config, mesh, x):
    spec = P(config.data_axis, None)
    fn = jax.shard_map(normalise, mesh=mesh, in_specs=spec, out_specs=spec)
    return fn(x)  # expect: shard-map-unknown-axis-name


mesh = jax.make_mesh((8,), ("data",))
x = jax.device_put(jnp.ones((16, 4)), jax.NamedSharding(mesh, P("data", None)))
print(run(Config(), mesh, x).shape)
