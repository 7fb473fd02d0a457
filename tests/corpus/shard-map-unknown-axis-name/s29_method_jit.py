"""A module's jitted method shard_maps over axis 'devices' of a mesh named ('x',)."""
# corpus: label=positive styles=method,transform batch=s29

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Scaler:
    def __init__(self, mesh):
        self.mesh = mesh

    def _body(self, block):
        return block * 3.0

    def __call__(self, x):
        fn = jax.jit(
            jax.shard_map(self._body, mesh=self.mesh, in_specs=P("devices"), out_specs=P("x"))
        )
        return fn(x)  # expect: shard-map-unknown-axis-name


mesh = jax.make_mesh((8,), ("x",))
x = jax.device_put(jnp.arange(16.0), jax.NamedSharding(mesh, P("x")))
print(Scaler(mesh)(x))
