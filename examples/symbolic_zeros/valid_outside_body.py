"""VALID: the symbolic_zeros custom_vjp runs outside the shard_map body; its result goes in."""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def scaled(x):
    return 2.0 * x


scaled.defvjp(
    lambda x: (scaled(x.value), None),
    lambda _, g: (2.0 * g,),
    symbolic_zeros=True,
)

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
add_one = jax.shard_map(lambda v: v + 1.0, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
print(add_one(scaled(x)))
