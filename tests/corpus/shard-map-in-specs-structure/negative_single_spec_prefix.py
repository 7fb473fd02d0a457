# corpus: label=negative styles=attribute,return
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def make_sharded(fn, mesh):
    return jax.shard_map(fn, mesh=mesh, in_specs=P("x"), out_specs=P("x"))


def scale(a, b):
    return a * b


mesh = jax.make_mesh((8,), ("x",))
sharded = make_sharded(scale, mesh)
x = jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P("x")))
sharded(x, x)
