"""A custom_vjp layer with symbolic zeros whose every call goes through jax.jit(layer.__call__)."""
# corpus: label=negative styles=attribute,method

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


hard_tanh.defvjp(_hard_tanh_fwd, _hard_tanh_bwd, symbolic_zeros=True)


class DataParallelDense:
    def __init__(self, mesh, w):
        self.mesh = mesh
        self.w = w

    def _local(self, w, x):
        return hard_tanh(x @ w)

    def __call__(self, x):
        fn = jax.shard_map(
            self._local, mesh=self.mesh, in_specs=(P(), P("d", None)), out_specs=P("d", None)
        )
        return fn(self.w, x)


mesh = jax.make_mesh((8,), ("d",))
layer = DataParallelDense(mesh, jnp.full((4, 4), 0.5))
apply = jax.jit(layer.__call__)
x = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("d", None)))
print(apply(x))
print(apply(2.0 * x))
