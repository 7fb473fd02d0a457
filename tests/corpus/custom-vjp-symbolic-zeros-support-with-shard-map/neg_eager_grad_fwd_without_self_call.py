"""Eager jax.grad over shard_map where fwd computes with jnp and never calls the custom_vjp itself.

On jax 0.12.0.1 only an eager call of the custom_vjp inside the body's evaluation raises; here
grad traces the body and fwd never re-enters the custom_vjp, so this runs.
"""
# corpus: label=negative styles=transform

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("dp",))


@jax.custom_vjp
def log_cosh(x):
    return jnp.logaddexp(x, -x) - jnp.log(2.0)


def log_cosh_fwd(x):
    v = x.value
    return jnp.logaddexp(v, -v) - jnp.log(2.0), v


def log_cosh_bwd(x, g):
    return (g * jnp.tanh(x),)


log_cosh.defvjp(log_cosh_fwd, log_cosh_bwd, symbolic_zeros=True)


def per_shard_loss(pred):
    return lax.psum(jnp.sum(log_cosh(pred)), "dp")


sharded_loss = jax.shard_map(per_shard_loss, mesh=mesh, in_specs=P("dp"), out_specs=P())
pred = jax.device_put(jnp.linspace(-1.0, 1.0, 16), NamedSharding(mesh, P("dp")))
with jax.set_mesh(mesh):
    print(jax.grad(sharded_loss)(pred))
