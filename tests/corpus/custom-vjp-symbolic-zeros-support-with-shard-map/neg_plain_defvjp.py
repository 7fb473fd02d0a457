"""The helper-called custom_vjp registered without symbolic zeros: eager shard_map runs."""
# corpus: label=negative styles=helper

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def clipped_grad_identity(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    return (jnp.clip(g, -0.1, 0.1),)


clipped_grad_identity.defvjp(_fwd, _bwd)


def local_layer(w, x):
    return clipped_grad_identity(x @ w)


mesh = jax.make_mesh((8,), ("batch",))
x = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("batch", None)))
sharded = jax.shard_map(
    local_layer, mesh=mesh, in_specs=(P(), P("batch", None)), out_specs=P("batch", None)
)
print(sharded(jnp.eye(4), x).shape)
