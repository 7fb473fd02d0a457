"""VALID: symbolic_zeros=True inside a shard_map body, but the shard_map only runs under jit.

On jax 0.12.0.1 the jitted program traces and runs (the error is raised by shard_map's eager
tracer only).
"""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",))


@jax.custom_vjp
def scaled(x):
    return 2.0 * x


def scaled_fwd(x):
    return scaled(x.value), None


def scaled_bwd(_, g):
    return (2.0 * g,)


scaled.defvjp(scaled_fwd, scaled_bwd, symbolic_zeros=True)


@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def body(v):
    return scaled(v)


@jax.jit
def loss(v):
    return body(v).sum()


x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
print(jax.jit(body)(x))
print(jax.jit(jax.grad(loss))(x))
