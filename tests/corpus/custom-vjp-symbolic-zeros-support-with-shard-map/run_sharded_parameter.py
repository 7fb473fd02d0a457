"""A generic `run_sharded(fn, x)` utility receives the symbolic-zeros custom_vjp as a parameter."""
# corpus: label=positive styles=parameter,helper

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def softsign(x):
    return x / (1.0 + jnp.abs(x))


softsign.defvjp(
    lambda x: (softsign(x.value), x.value),
    lambda x, g: (g / (1.0 + jnp.abs(x)) ** 2,),
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


def run_sharded(fn, x, mesh, axis="i"):
    mapped = jax.shard_map(fn, mesh=mesh, in_specs=P(axis), out_specs=P(axis))
    return mapped(x)


mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(16.0) - 8.0, NamedSharding(mesh, P("i")))
print(run_sharded(softsign, x, mesh))
