"""INVALID: ``jax.grad`` of an eager shard_map whose custom_vjp fwd calls the function itself.

Under eager differentiation shard_map traces the body, but fwd's own call of the
symbolic_zeros custom_vjp function (the ``f(x.value)`` pattern) is then evaluated eagerly by
shard_map and raises NotImplementedError on jax 0.12.0.1.
"""

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

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


scaled.defvjp(
    scaled_fwd,
    scaled_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map
)
smapped = jax.shard_map(lambda v: scaled(v), mesh=mesh, in_specs=P("i"), out_specs=P("i"))


def loss(v):
    return smapped(v).sum()


x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, P("i")))
with jax.set_mesh(mesh):
    print(jax.grad(loss)(x))
