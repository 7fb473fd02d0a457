"""The shard_map body reaches the symbolic-zeros custom_vjp through a helper; called eagerly."""
# corpus: label=positive styles=helper

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
    return x.value, None


def _bwd(_, g):
    return (jnp.clip(g, -0.1, 0.1),)


clipped_grad_identity.defvjp(
    _fwd,
    _bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


def local_layer(w, x):
    return clipped_grad_identity(x @ w)


def forward(w, x):
    return local_layer(w, local_layer(w, x))


mesh = jax.make_mesh((8,), ("batch",))
w = jnp.eye(4)
x = jax.device_put(jnp.ones((16, 4)), NamedSharding(mesh, P("batch", None)))
sharded_forward = jax.shard_map(
    forward, mesh=mesh, in_specs=(P(), P("batch", None)), out_specs=P("batch", None)
)
print(sharded_forward(w, x).shape)
