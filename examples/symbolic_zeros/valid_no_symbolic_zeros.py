"""VALID: the same custom_vjp in an eager shard_map body, registered without symbolic zeros."""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def scaled(x):
    return 2.0 * x


def scaled_fwd(x):
    return scaled(x), None


def scaled_bwd(_, g):
    return (2.0 * g,)


scaled.defvjp(scaled_fwd, scaled_bwd)

mesh = jax.make_mesh((8,), ("i",))
x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
body = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))
print(body(x))
with jax.set_mesh(mesh):
    print(jax.grad(lambda v: body(v).sum())(x))
