"""Eager jax.value_and_grad of a loss over a shard_map; fwd calls the custom_vjp on x.value."""
# corpus: label=positive styles=transform

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
    return log_cosh(x.value), x.value


def log_cosh_bwd(x, g):
    return (g * jnp.tanh(x),)


log_cosh.defvjp(
    log_cosh_fwd,
    log_cosh_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


def per_shard_loss(pred, target):
    return lax.psum(jnp.sum(log_cosh(pred - target)), "dp")


sharded_loss = jax.shard_map(per_shard_loss, mesh=mesh, in_specs=(P("dp"), P("dp")), out_specs=P())

pred = jax.device_put(jnp.linspace(-1.0, 1.0, 16), NamedSharding(mesh, P("dp")))
target = jax.device_put(jnp.zeros(16), NamedSharding(mesh, P("dp")))
with jax.set_mesh(mesh):
    loss, grads = jax.value_and_grad(sharded_loss)(pred, target)
print(loss, grads)
