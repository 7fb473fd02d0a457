"""A `@partial(jax.shard_map, ...)` body calls a symbolic-zeros custom_vjp; the step runs eagerly."""
# corpus: label=positive styles=direct

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("data",))


@jax.custom_vjp
def bounded_relu(x):
    return jnp.clip(x, 0.0, 6.0)


def bounded_relu_fwd(x):
    return bounded_relu(x.value), x.value


def bounded_relu_bwd(x, g):
    return (jnp.where((x > 0.0) & (x < 6.0), g, 0.0),)


bounded_relu.defvjp(
    bounded_relu_fwd,
    bounded_relu_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


@partial(jax.shard_map, mesh=mesh, in_specs=P("data"), out_specs=P("data"))
def activate(x):
    return bounded_relu(x)


x = jax.device_put(jnp.linspace(-2.0, 8.0, 16), NamedSharding(mesh, P("data")))
print(activate(x))
