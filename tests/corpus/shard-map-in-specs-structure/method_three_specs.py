# corpus: label=positive styles=method,attribute
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


class Layer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.apply = jax.shard_map(
            self.body, mesh=mesh, in_specs=(P("x"), P(), P()), out_specs=P("x")
        )

    def body(self, x, w):
        return x * w

    def __call__(self, x, w):
        return self.apply(x, w)  # expect: shard-map-in-specs-structure


mesh = jax.make_mesh((8,), ("x",))
Layer(mesh)(jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P("x"))), 2.0)
