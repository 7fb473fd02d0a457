"""The symbolic-zeros custom_vjp runs before the shard_map; only its result enters the body."""
# corpus: label=negative styles=parameter,helper

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
    symbolic_zeros=True,
)


def run_sharded(fn, x, mesh, axis="i"):
    mapped = jax.shard_map(fn, mesh=mesh, in_specs=P(axis), out_specs=P(axis))
    return mapped(x)


mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(16.0) - 8.0, NamedSharding(mesh, P("i")))
print(run_sharded(lambda v: v * 2.0, softsign(x), mesh))
