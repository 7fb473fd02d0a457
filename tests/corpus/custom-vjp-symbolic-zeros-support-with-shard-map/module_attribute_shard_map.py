"""A data-parallel Module keeps its activation and mesh as attributes and runs shard_map eagerly."""
# corpus: label=positive styles=attribute,method

import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


@jax.custom_vjp
def hard_tanh(x):
    return jnp.clip(x, -1.0, 1.0)


def _hard_tanh_fwd(x):
    return hard_tanh(x.value), x.value


def _hard_tanh_bwd(x, g):
    return (jnp.where(jnp.abs(x) < 1.0, g, 0.0),)


hard_tanh.defvjp(
    _hard_tanh_fwd,
    _hard_tanh_bwd,
    symbolic_zeros=True,  # expect: custom-vjp-symbolic-zeros-support-with-shard-map-i
)


class DataParallelDense:
    def __init__(self, mesh, w, activation=hard_tanh):
        self.mesh = mesh
        self.w = w
        self.activation = activation

    def _local(self, w, x):
        return self.activation(x @ w)

    def __call__(self, x):
        fn = jax.shard_map(
            self._local, mesh=self.mesh, in_specs=(P(), P("d", None)), out_specs=P("d", None)
        )
        return fn(self.w, x)


mesh = jax.make_mesh((8,), ("d",))
layer = DataParallelDense(mesh, jnp.full((4, 4), 0.5))
x = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("d", None)))
print(layer(x))
